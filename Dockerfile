# The session server's image: built from the sources with the Maven Wrapper, run by a non-root user. The server
# stores bytes and has no serializer library, so it needs none of the serializers' --add-opens.
#
#   docker build -t sessiondata/session-server .
#   docker run -p 127.0.0.1:8080:8080 sessiondata/session-server
#
# BUILD_IMAGE (a JDK 17 with apt-get) and RUNTIME_IMAGE (a Java 17 runtime with groupadd/useradd) default to the
# public Temurin images; deploy/local/stack.sh passes its own Debian-made ones where no registry is reachable.
# No "syntax" line: the engine's built-in Dockerfile frontend runs it (RUN --mount included), nothing is pulled.
ARG BUILD_IMAGE=eclipse-temurin:17-jdk
ARG RUNTIME_IMAGE=eclipse-temurin:17-jre

FROM ${BUILD_IMAGE} AS build
# The wrapper unpacks the Maven distribution (a zip) with unzip.
RUN apt-get update && apt-get install -y --no-install-recommends unzip && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q -pl session-server -am package -DskipTests \
 && mkdir /out \
 && find session-server/target -maxdepth 1 -name 'session-server-*.jar' ! -name '*-plain.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' \
      -exec cp {} /out/session-server.jar \; \
 && test -s /out/session-server.jar

FROM ${RUNTIME_IMAGE}
RUN groupadd --system --gid 10001 sessiondata \
 && useradd --system --uid 10001 --gid sessiondata --home-dir /app --shell /usr/sbin/nologin sessiondata
WORKDIR /app
COPY --from=build /out/ /app/
USER 10001:10001
EXPOSE 8080
# /app/config/application.yml, when mounted, overrides the packaged defaults (Spring Boot reads ./config/).
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-jar", \
            "/app/session-server.jar"]
