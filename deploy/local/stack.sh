#!/usr/bin/env bash
# The project's containers for real on a machine that reaches Debian's mirrors but no image registry: installs
# Docker's engine from Debian's packages when there is none (as root), starts dockerd (vfs storage) when none runs
# and stops it again at the end by its pid, builds the local images from a debootstrap minbase root file system,
# and then runs what the command asks for. Everything it started is stopped when it ends, also on failure; an engine
# that was already running is used and left running.
#
#   deploy/local/stack.sh images        # the local images, and the server image's health time
#   deploy/local/stack.sh redis-tests   # + the Redis tests through Testcontainers (REDIS_URL unset)
#   deploy/local/stack.sh smoke         # + the compose stack on the local images, smoke-tested through nginx
#   deploy/local/stack.sh ci            # all of the above (what .ci/run runs)
#   deploy/local/stack.sh run CMD...    # the images, then CMD with the engine up, e.g. run ./mvnw -B verify
#
# Images: sessiondata-local/debian:bookworm-<recipe digest> (the base), sessiondata-local/{redis,prometheus,nginx,
# jre,jdk}:bookworm (deploy/local/Dockerfile), sessiondata/session-server:local (the project's Dockerfile on the
# local jdk and jre).
# The base's root file system is cached as a tarball in $SESSIONDATA_CACHE [/var/cache/sessiondata]; the images
# stay in the engine's store (/var/lib/docker) where the machine keeps it. Needs root for the engine's install and
# start, and for debootstrap; with a running engine and cached base, any user the engine lets in.
set -euo pipefail
cd "$(dirname "$0")/../.."
source deploy/local/functions.sh

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
  images|redis-tests|smoke|ci|run) ;;
  -h|--help|"") sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  *) echo "unknown command: $command (see --help)" >&2; exit 2 ;;
esac

# Debian's docker client (20.10) drives the daemon's built-in BuildKit; a newer client elsewhere on the PATH may
# want a buildx plugin this machine lacks.
docker=/usr/bin/docker
cache=${SESSIONDATA_CACHE:-/var/cache/sessiondata}
work=target/local-stack
mkdir -p "$work"
server_image=sessiondata/session-server:local
dockerd_pid="" base_image=""
export DOCKER_HOST=${DOCKER_HOST:-unix:///var/run/docker.sock}
# Ryuk (Testcontainers' reaper) is an image from Docker Hub: off here; RedisTarget and the JVM hook remove what a
# test run started, and this script removes any container left with Testcontainers' label.
export TESTCONTAINERS_RYUK_DISABLED=true
# This machine may itself be a container (/.dockerenv): Testcontainers would then look for the engine's gateway by
# running an alpine image from Docker Hub. The engine here is local, its published ports are on this host.
export TESTCONTAINERS_HOST_OVERRIDE=${TESTCONTAINERS_HOST_OVERRIDE:-127.0.0.1}
# The image RedisTarget starts for the Redis tests when REDIS_URL is unset.
export SESSIONDATA_REDIS_IMAGE=${SESSIONDATA_REDIS_IMAGE:-sessiondata-local/redis:bookworm}

log() { echo "[local-stack $(date +%H:%M:%S)] $*"; }

cleanup() {
  local status=$?
  set +e
  if [ -n "$dockerd_pid" ]; then
    local leftovers
    leftovers=$($docker ps -aq 2>/dev/null)
    [ -n "$leftovers" ] && $docker rm -f $leftovers > /dev/null 2>&1
    log "stopping dockerd (pid $dockerd_pid)"
    kill -TERM "$dockerd_pid" 2>/dev/null
    for _ in $(seq 1 150); do kill -0 "$dockerd_pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$dockerd_pid" 2>/dev/null; then
      echo "dockerd (pid $dockerd_pid) did not stop within 30 s; killing it" >&2
      kill -KILL "$dockerd_pid" 2>/dev/null
    fi
  else
    # An engine we did not start: remove only what Testcontainers left of our test runs.
    local leftovers
    leftovers=$($docker ps -aq --filter label=org.testcontainers=true 2>/dev/null)
    [ -n "$leftovers" ] && $docker rm -f $leftovers > /dev/null 2>&1
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

apt_install() {
  [ "$(id -u)" -eq 0 ] || { echo "needs root to install Debian packages: $*" >&2; exit 1; }
  log "installing Debian packages: $*"
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" \
    > "$work/apt-install.log"
}

# Debian's engine, its client, docker-compose (v1: bookworm has no compose v2 plugin) and debootstrap.
need_packages() {
  local missing=()
  [ -x /usr/sbin/dockerd ] && [ -x "$docker" ] || missing+=(docker.io)
  command -v docker-compose > /dev/null || missing+=(docker-compose)
  command -v debootstrap > /dev/null || missing+=(debootstrap)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
}

# An engine: the running one, else dockerd from Debian's docker.io, started here with vfs storage.
engine_up() {
  if $docker info > /dev/null 2>&1; then
    log "using the running Docker engine ($($docker version -f '{{.Server.Version}}'))"
    return 0
  fi
  [ "$(id -u)" -eq 0 ] || { echo "no Docker engine runs, and starting one needs root" >&2; exit 1; }
  log "starting dockerd (vfs storage); log: $work/dockerd.log"
  /usr/sbin/dockerd --storage-driver=vfs > "$work/dockerd.log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 1 150); do
    $docker info > /dev/null 2>&1 && break
    kill -0 "$dockerd_pid" 2>/dev/null || { tail -20 "$work/dockerd.log" >&2; echo "dockerd exited" >&2; exit 1; }
    sleep 0.2
  done
  $docker info > /dev/null || { tail -20 "$work/dockerd.log" >&2; echo "dockerd did not answer within 30 s" >&2; exit 1; }
  log "dockerd $($docker version -f '{{.Server.Version}}') is up (pid $dockerd_pid)"
}

# The local base: a Debian bookworm minbase root file system (no documentation, no recommends, no package cache
# left behind), imported. Its tarball and tag carry a digest of this function, so a changed recipe makes a new one.
make_base_image() {
  local recipe
  recipe=$(declare -f make_base_image | sha1sum | cut -c1-10)
  base_image=sessiondata-local/debian:bookworm-$recipe
  if $docker image inspect "$base_image" > /dev/null 2>&1; then
    log "base image $base_image is there"
    return 0
  fi
  local tarball="$cache/debian-bookworm-minbase-$recipe.tar"
  if [ ! -s "$tarball" ]; then
    local started rootfs
    started=$(now)
    rootfs=$(mktemp -d "$work/rootfs.XXXXXX")
    log "debootstrap --variant=minbase bookworm (log: $work/debootstrap.log)"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian > "$work/debootstrap.log" 2>&1 \
      || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
    cat > "$rootfs/etc/apt/sources.list" <<'SOURCES'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
    # What every image leaves out: recommended packages, documentation, manuals, translations.
    cat > "$rootfs/etc/apt/apt.conf.d/90local-images" <<'APT'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb || true"; };
APT
    printf 'path-exclude /usr/share/doc/*\npath-exclude /usr/share/man/*\npath-exclude /usr/share/info/*\npath-exclude /usr/share/locale/*\n' \
      > "$rootfs/etc/dpkg/dpkg.cfg.d/90local-images"
    # OpenJDK's packages link their manual pages through update-alternatives, which needs the directory.
    rm -rf "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/var/cache/apt/*.bin \
      "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/usr/share/locale/* \
      "$rootfs"/var/lib/apt/lists/*
    mkdir -p "$rootfs/usr/share/man/man1"
    chmod 0755 "$rootfs"
    mkdir -p "$cache"
    tar -C "$rootfs" --numeric-owner -cf "$tarball.part" . && mv "$tarball.part" "$tarball"
    rm -rf "$rootfs"
    log "root file system in $(elapsed "$started") s: $tarball ($(du -h "$tarball" | cut -f1))"
  else
    log "cached root file system: $tarball"
  fi
  local started
  started=$(now)
  $docker import --change 'CMD ["/bin/bash"]' --change 'ENV LANG=C.UTF-8' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' "$tarball" "$base_image" > /dev/null
  log "imported $base_image in $(elapsed "$started") s"
  remove_stale_bases "$tarball"
}

# Base images and tarballs of earlier recipes.
remove_stale_bases() {
  local stale
  stale=$($docker images --format '{{.Repository}}:{{.Tag}}' sessiondata-local/debian | grep -vxF "$base_image" || true)
  [ -z "$stale" ] || $docker rmi $stale > /dev/null 2>&1 || true
  find "$cache" -maxdepth 1 -name 'debian-bookworm-minbase-*.tar' ! -name "$(basename "$1")" -delete
}

build_images() {
  need_packages
  engine_up
  make_base_image
  export DOCKER_BUILDKIT=1
  local context=$work/context target started
  rm -rf "$context" && mkdir -p "$context/ca-certificates"
  cp deploy/local/Dockerfile deploy/local/redis-entrypoint.sh "$context/"
  find /usr/local/share/ca-certificates -name '*.crt' -exec cp {} "$context/ca-certificates/" \; 2>/dev/null || true
  for target in redis prometheus nginx jre jdk; do
    started=$(now)
    $docker build --progress=plain --target "$target" --build-arg BASE="$base_image" \
      -t "sessiondata-local/$target:bookworm" "$context" > "$work/build-$target.log" 2>&1 \
      || { tail -40 "$work/build-$target.log" >&2; exit 1; }
    log "built sessiondata-local/$target:bookworm in $(elapsed "$started") s"
  done
  started=$(now)
  $docker build --progress=plain --build-arg BUILD_IMAGE=sessiondata-local/jdk:bookworm \
    --build-arg RUNTIME_IMAGE=sessiondata-local/jre:bookworm -t "$server_image" . > "$work/build-server.log" 2>&1 \
    || { tail -60 "$work/build-server.log" >&2; exit 1; }
  log "built $server_image (the project's Dockerfile) in $(elapsed "$started") s"
  DOCKER=$docker deploy/image-sbom.sh "$server_image" session-server/target/session-server-image.cdx.json
  $docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^sessiondata' | sort | sed 's/^/    /'
  server_health_time
}

# The server image with no flags beyond the Dockerfile's: the time from `docker start` to /actuator/health UP (the
# image's own start, at most 30 s), and before it the time `docker create` took (vfs copies the image's files).
server_health_time() {
  local port container started created seconds
  port=$(free_port 18180)
  started=$(now)
  container=$($docker create -p "127.0.0.1:$port:8080" "$server_image")
  created=$(elapsed "$started")
  started=$(now)
  $docker start "$container" > /dev/null
  for _ in $(seq 1 600); do
    curl -fsS --max-time 1 "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q '"status":"UP"' && break
    sleep 0.1
  done
  seconds=$(elapsed "$started")
  if ! curl -fsS --max-time 1 "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q '"status":"UP"'; then
    $docker logs "$container" 2>&1 | tail -40 >&2
    $docker rm -f "$container" > /dev/null
    echo "the server image did not answer /actuator/health within 60 s" >&2
    exit 1
  fi
  log "the server image answered /actuator/health UP $seconds s after docker start (docker create: $created s;" \
    "$($docker logs "$container" 2>&1 | grep -o 'Started [A-Za-z]* in [0-9.]* seconds' | head -1); load average" \
    "$(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores)"
  $docker rm -f "$container" > /dev/null
  awk -v s="$seconds" 'BEGIN { exit !(s <= 30) }' && return 0
  # Over 30 s. On a machine whose cores are shared many times over (the load average says so) that measures the
  # neighbours, not the image: said loudly, not failed. Otherwise the image is too slow.
  local load cores
  load=$(cut -d' ' -f1 /proc/loadavg) cores=$(nproc)
  if awk -v l="$load" -v c="$cores" 'BEGIN { exit !(l > 2 * c) }'; then
    echo "WARNING: the server image took $seconds s (over 30 s) to answer health, with a load average of $load on" \
      "$cores cores: not a measurement of the image; run deploy/local/stack.sh images on a quiet machine" >&2
    return 0
  fi
  echo "the server image took $seconds s, over the 30 s it must start in (load average $load on $cores cores)" >&2
  exit 1
}

# The tests that use RedisTarget, with REDIS_URL unset: RedisTarget starts a Testcontainers Redis from the local
# image. Fails unless every one of them ran (none skipped) on that container.
redis_tests() {
  local its=RedisStoresIT,RedisStoreOverHttpIT,SerializerSwitchIT started
  started=$(now)
  log "the Redis tests through Testcontainers ($its), image $SESSIONDATA_REDIS_IMAGE"
  env -u REDIS_URL \
    ./mvnw -B -pl session-server -am verify -Dit.test="$its" -Dfailsafe.failIfNoSpecifiedTests=false \
    -Dtest=NoUnitTests -Dsurefire.failIfNoSpecifiedTests=false -Djacoco.skip=true > "$work/redis-tests.log" 2>&1 \
    || { grep -E 'Tests run|ERROR|FAIL' "$work/redis-tests.log" | tail -40 >&2; exit 1; }
  grep -E '^\[(INFO|WARNING)\] Tests run:.*in dev' "$work/redis-tests.log" | sed 's/^/    /'
  python3 - "$its" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
tests = skipped = 0
for name in sys.argv[1].split(','):
    report = glob.glob(f'session-server/target/failsafe-reports/TEST-*.{name}.xml')[0]
    suite = ET.parse(report).getroot()
    tests += int(suite.get('tests'))
    skipped += int(suite.get('skipped'))
    if 'runs on a Testcontainers Redis' not in open(report).read():
        sys.exit(f'{name} did not run on a Testcontainers Redis (see {report})')
if tests == 0 or skipped:
    sys.exit(f'the Redis tests through Testcontainers: {tests} run, {skipped} skipped')
PY
  log "Testcontainers Redis tests passed in $(elapsed "$started") s"
}

case "$command" in
  images) build_images ;;
  redis-tests) build_images; redis_tests ;;
  smoke) build_images; deploy/local/compose-smoke.sh ;;
  ci) build_images; redis_tests; deploy/local/compose-smoke.sh ;;
  run) build_images; log "running: $*"; "$@" ;;
esac
