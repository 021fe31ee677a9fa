#!/usr/bin/env bash
# The manual's HTTP tour, included from here by tag; HttpTourIT runs it against a real server (TOKEN and API set).
set -euo pipefail
# tag::env[]
TOKEN=${TOKEN:-demo-token-0123456789}
API=${API:-http://localhost:8080/api/v1}
# end::env[]

# tag::tour[]
# which serializer to write with (also on every response as Session-Serializer-Active)
curl -s -H "Authorization: Bearer $TOKEN" $API/serializers; echo

# put: 201 Created, ETag "<version>", Session-Expires-At (the body is whatever the serializer wrote)
curl -si -X PUT "$API/sessions/demo-1?ttl=600" \
  -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/vnd.sessiondata.java' \
  --data-binary 'version one'

# get: the bytes with the Content-Type they were written with, ETag, Session-Expires-At and Repr-Digest
curl -si -H "Authorization: Bearer $TOKEN" $API/sessions/demo-1; echo

# conditional update: write only if the session is still at the version read (200), ...
ETAG=$(curl -s -o /dev/null -D - -H "Authorization: Bearer $TOKEN" $API/sessions/demo-1 | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')
curl -si -X PUT $API/sessions/demo-1 -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/vnd.sessiondata.java' -H "If-Match: $ETAG" --data-binary 'version two'
# ... and the same, now stale, version again: 412 with a problem document
curl -si -X PUT $API/sessions/demo-1 -H "Authorization: Bearer $TOKEN" \
  -H 'Content-Type: application/vnd.sessiondata.java' -H "If-Match: $ETAG" --data-binary 'version three'; echo

# delete: 204; then the session is gone: 404
curl -si -X DELETE -H "Authorization: Bearer $TOKEN" $API/sessions/demo-1
curl -si -H "Authorization: Bearer $TOKEN" $API/sessions/demo-1; echo
# end::tour[]
