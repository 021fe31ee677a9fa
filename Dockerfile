# syntax=docker/dockerfile:1
# The session server's image: built from the sources with the Maven Wrapper, run by a non-root user with the JVM
# flags the serializers need (serializer.jvm.flags in the parent pom, the one place they are kept).
#
#   docker build -t sessiondata/session-server .
#   docker run -p 127.0.0.1:8080:8080 sessiondata/session-server

FROM eclipse-temurin:17-jdk AS build
# The wrapper unpacks the Maven distribution (a zip) with unzip.
RUN apt-get update && apt-get install -y --no-install-recommends unzip && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q -pl session-server -am package -DskipTests \
 && mkdir /out \
 && find session-server/target -maxdepth 1 -name 'session-server-*.jar' ! -name '*-plain.jar' \
      -exec cp {} /out/session-server.jar \; \
 && sed -n 's:.*<serializer.jvm.flags>\(.*\)</serializer.jvm.flags>.*:\1:p' pom.xml > /out/serializer-jvm.args \
 && test -s /out/session-server.jar && test -s /out/serializer-jvm.args

FROM eclipse-temurin:17-jre
RUN groupadd --system --gid 10001 sessiondata \
 && useradd --system --uid 10001 --gid sessiondata --home-dir /app --shell /usr/sbin/nologin sessiondata
WORKDIR /app
COPY --from=build /out/ /app/
USER 10001:10001
EXPOSE 8080
# /app/config/application.yml, when mounted, overrides the packaged defaults (Spring Boot reads ./config/).
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "@/app/serializer-jvm.args", \
            "-jar", "/app/session-server.jar"]
