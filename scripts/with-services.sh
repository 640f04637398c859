#!/usr/bin/env bash
# Run a command (e.g. `pytest`) with what the tests need: Debian's Chromium for the browser tests
# (installed with apt-get where /usr/bin/chromium is missing and we are root; never a downloaded
# browser), and a throw-away PostgreSQL server on 127.0.0.1, started here and stopped on exit (also on
# failure or Ctrl-C). Its URL is given to the tests in $BRAG_TEST_POSTGRES.
#
#   bash scripts/with-services.sh pytest -q
#
# PostgreSQL comes from the machine (any /usr/lib/postgresql/*/bin, or initdb on PATH); where it is
# missing and we are root, it is installed from the Debian packages. Without it (and not root) the
# command still runs and the PostgreSQL tests say why they skip; with CI=true they fail instead.
set -euo pipefail

find_pg_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [[ -x "$dir/initdb" ]] && { echo "$dir"; return 0; }
    done
    command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
    return 1
}

if [[ ! -x /usr/bin/chromium && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "with-services: installing Chromium (apt-get)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Retries=5 update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Retries=5 install -y -qq --no-install-recommends chromium >&2
fi

PG_BIN="$(find_pg_bin || true)"
if [[ -z "$PG_BIN" && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "with-services: installing PostgreSQL (apt-get)" >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Retries=5 update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Retries=5 install -y -qq postgresql >&2
    PG_BIN="$(find_pg_bin || true)"
fi

PG_DIR=""
stop_services() {
    if [[ -n "$PG_DIR" ]]; then
        as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$PG_DIR"
    fi
}
trap stop_services EXIT

as_pg() {  # PostgreSQL refuses to run as root: run it as the postgres user then
    if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [[ -n "$PG_BIN" && -z "${BRAG_TEST_POSTGRES:-}" ]]; then
    PG_DIR="$(mktemp -d /tmp/brag-pg.XXXXXX)"
    [[ "$(id -u)" == 0 ]] && chown postgres "$PG_DIR"
    PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U brag --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 120 -o "-c listen_addresses=127.0.0.1 -p $PORT -k $PG_DIR -c fsync=off -c max_connections=200" start >/dev/null
    export BRAG_TEST_POSTGRES="postgresql+psycopg://brag@127.0.0.1:$PORT/postgres"
    echo "with-services: PostgreSQL on 127.0.0.1:$PORT" >&2
fi

"$@"
