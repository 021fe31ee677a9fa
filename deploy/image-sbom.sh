#!/usr/bin/env bash
# The server image's SBOM (CycloneDX 1.6 JSON): the server's runtime class path, which the build wrote into the jar
# (META-INF/sbom/application.cdx.json, cyclonedx-maven-plugin), plus the image's operating-system packages as dpkg
# lists them, each with its Debian purl. Needs a Docker engine with the image.
# Usage: deploy/image-sbom.sh IMAGE OUTPUT      (DOCKER names the docker command; default docker)
set -euo pipefail
image=$1 output=$2
docker=${DOCKER:-docker}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

container=$($docker create "$image")
$docker cp "$container:/app/session-server.jar" "$work/server.jar" > /dev/null
$docker rm "$container" > /dev/null
unzip -p "$work/server.jar" META-INF/sbom/application.cdx.json > "$work/application.cdx.json"
# shellcheck disable=SC2016 # dpkg-query's own format, not a shell expansion
$docker run --rm --entrypoint dpkg-query "$image" -W -f '${Package}\t${Version}\t${Architecture}\t${Status}\n' \
  > "$work/dpkg.tsv"
os=$($docker run --rm --entrypoint cat "$image" /etc/os-release | sed -n 's/^VERSION_CODENAME=//p')

python3 - "$work/application.cdx.json" "$work/dpkg.tsv" "$image" "${os:-unknown}" "$output" <<'PY'
import json, sys, urllib.parse
app_path, dpkg_path, image, codename, output = sys.argv[1:]
bom = json.load(open(app_path))
app = bom["metadata"]["component"]
packages = []
for line in open(dpkg_path):
    name, version, arch, status = line.rstrip("\n").split("\t")
    if not status.endswith(" installed"):
        continue
    purl = f"pkg:deb/debian/{name}@{urllib.parse.quote(version, safe='')}?arch={arch}&distro={codename}"
    packages.append({"type": "library", "bom-ref": purl, "name": name, "version": version, "purl": purl,
                     "properties": [{"name": "sessiondata:layer", "value": "operating-system"}]})
packages.sort(key=lambda c: c["name"])
image_ref = "image:" + image
bom["metadata"]["component"] = {"type": "container", "bom-ref": image_ref, "name": image,
                                "components": [app]}
bom["components"] = bom.get("components", []) + packages
bom.setdefault("dependencies", []).append(
    {"ref": image_ref, "dependsOn": [app["bom-ref"]] + [p["bom-ref"] for p in packages]})
json.dump(bom, open(output, "w"), indent=2)
print(f"{output}: {len(bom['components']) - len(packages)} Java components, {len(packages)} OS packages")
PY
