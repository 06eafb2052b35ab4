# One Dockerfile for every image of the project; docker-compose.yml picks the stage (target) and the app.
#   docker build --target app --build-arg APP=kryo-app --build-arg PORT=18080 -t kryo-app .
#   docker build --target bench -t redis-codec-bench .
# The build stage takes no build argument, so it is built once and shared by all images.

ARG JAVA_VERSION=25

FROM eclipse-temurin:${JAVA_VERSION}-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -DskipTests package

FROM eclipse-temurin:${JAVA_VERSION}-jre AS app
# curl answers the HEALTHCHECK; the image's own set of tools is not promised.
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl \
 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --no-create-home --shell /usr/sbin/nologin bench
ARG APP
ARG PORT
# SERVER_PORT is Spring Boot's server.port, so the port the app listens on, the one EXPOSEd and the one
# the health check asks are the same number.
ENV SERVER_PORT=${PORT}
COPY --from=build /src/${APP}/target/${APP}.jar /opt/app/app.jar
USER bench
EXPOSE ${PORT}
# /actuator/health is 503 while Redis is unreachable: an app without its Redis is not ready to be measured.
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD curl -fsS -o /dev/null "http://127.0.0.1:${SERVER_PORT}/actuator/health" || exit 1
# JVM flags go in JAVA_TOOL_OPTIONS, which the JVM reads itself; Spring properties go after the image name.
ENTRYPOINT ["java", "-jar", "/opt/app/app.jar"]

FROM eclipse-temurin:${JAVA_VERSION}-jre AS bench
RUN apt-get update \
 && apt-get install -y --no-install-recommends apache2-utils redis-tools curl procps \
 && rm -rf /var/lib/apt/lists/*
RUN useradd --system --create-home --shell /bin/bash bench
WORKDIR /opt/bench
# The jars bench.sh runs itself: the program (redis-bench bench reads and checks its options; its report
# subcommand), its mid-run helpers (warm-up rounds, value sizes) and the model's value-size sample.
COPY --from=build /src/launcher/target/redis-bench.jar launcher/target/redis-bench.jar
COPY --from=build /src/bench-run/target/bench-run.jar bench-run/target/bench-run.jar
COPY --from=build /src/model/target/model.jar model/target/model.jar
COPY --from=build /src/value-format/target/value-format.jar value-format/target/value-format.jar
COPY scripts scripts
USER bench
ENTRYPOINT ["scripts/bench.sh"]
