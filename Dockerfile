# syntax=docker/dockerfile:1
# The tournament server: `arena serve` (web site, workers, ladder) and `arena worker` (workers
# only), one image. Build: docker build -t arena .   Run with a database: docker compose up
# (docker-compose.yml). .dockerignore keeps target/, node_modules and local state out of the
# context; of bots/ (a separate, excluded workspace) only bots/prebuilt/ is sent, for the
# house bots' include_bytes!. The viewer's files under web/ are embedded by server/build.rs.

FROM rust:1.95-bookworm AS builder
WORKDIR /src
COPY . .
# No debug info in the shipped binary (the release profile keeps line tables for local perf work).
ENV CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_TERM_COLOR=never
# Cache mounts keep the registry and the build directory between image builds; the binary is
# copied out of the cached target/ in the same step.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p arena \
    && install -m 0755 target/release/arena /usr/local/bin/arena

FROM debian:bookworm-slim
# The C++ toolchain for wasm32-wasi (Debian's packages, the ones `arena build` and
# scripts/setup.sh use): source uploads (`-F source=@AIName.cc`) are compiled with it, each
# compile in a Landlock jail (docs/server.md, "Source uploads").
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
       clang-19 lld-19 wasi-libc libc++-19-dev-wasm32 libc++abi-19-dev-wasm32 libclang-rt-19-dev-wasm32 \
    && rm -rf /var/lib/apt/lists/*
# A system user without a login shell; its home /data holds the server's files (replays when
# ARENA_REPLAY_DIR=/data/replays, the private Postgres cluster under /data/var when no
# DATABASE_URL is given). Volumes mounted there start with this ownership.
RUN groupadd --system --gid 10001 arena \
    && useradd --system --uid 10001 --gid arena --home-dir /data --shell /usr/sbin/nologin arena \
    && mkdir -p /data/replays /data/var \
    && chown -R arena:arena /data
COPY --from=builder /usr/local/bin/arena /usr/local/bin/arena
USER arena
WORKDIR /data
ENV ARENA_DATA_DIR=/data/var
EXPOSE 8080
ENTRYPOINT ["arena"]
CMD ["serve", "--listen", "0.0.0.0:8080"]
