#!/bin/sh
# CTest fixture setup: starts aclsim-device-server on a Unix socket in a fresh
# temp dir, waits (bounded, 10 s) for its "listening on" line, and writes
# STATE_DIR/config.json selecting backend "remote" at that endpoint.
#   start_server.sh SERVER_BINARY STATE_DIR
set -eu
server="$1"
state="$2"
mkdir -p "$state"
if [ -f "$state/pid" ]; then  # a leftover of an interrupted run
  kill -TERM "$(cat "$state/pid")" 2>/dev/null || true
  rm -f "$state/pid"
fi
if [ -f "$state/sockdir" ]; then
  old=$(cat "$state/sockdir")
  rm -f "$old/server.sock"
  rmdir "$old" 2>/dev/null || true
fi
rm -f "$state/config.json" "$state/server.out" "$state/server.err"
sockdir=$(mktemp -d /tmp/aclsim-remote-e2e-XXXXXX)
echo "$sockdir" > "$state/sockdir"
"$server" --listen "unix:$sockdir/server.sock" </dev/null >"$state/server.out" 2>"$state/server.err" &
echo $! > "$state/pid"
i=0
while [ $i -lt 200 ]; do
  if grep -q '^listening on ' "$state/server.out" 2>/dev/null; then
    printf '{"aclsim": {"backend": "remote", "endpoint": "unix:%s/server.sock"}}\n' "$sockdir" > "$state/config.json"
    cat "$state/server.out"
    exit 0
  fi
  if ! kill -0 "$(cat "$state/pid")" 2>/dev/null; then
    echo "aclsim-device-server exited early:" >&2
    cat "$state/server.err" >&2
    exit 1
  fi
  sleep 0.05
  i=$((i + 1))
done
echo "aclsim-device-server not ready after 10 s" >&2
kill -KILL "$(cat "$state/pid")" 2>/dev/null || true
exit 1
