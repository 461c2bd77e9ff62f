#!/bin/sh
# CTest fixture cleanup: SIGTERM to the server start_server.sh started, a
# bounded wait (5 s) for it to exit, SIGKILL after that; removes its temp dir.
# Fails when the server needed SIGKILL.
#   stop_server.sh STATE_DIR
set -eu
state="$1"
status=0
if [ -f "$state/pid" ]; then
  pid=$(cat "$state/pid")
  kill -TERM "$pid" 2>/dev/null || true
  i=0
  # A zombie (exited, not yet reaped by its new parent) counts as stopped.
  while kill -0 "$pid" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null || echo Z)" != Z ]; do
    if [ $i -ge 100 ]; then
      echo "aclsim-device-server ignored SIGTERM for 5 s; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
      status=1
      break
    fi
    sleep 0.05
    i=$((i + 1))
  done
  rm -f "$state/pid"
fi
if [ -f "$state/sockdir" ]; then
  sockdir=$(cat "$state/sockdir")
  rm -f "$sockdir/server.sock"
  rmdir "$sockdir" 2>/dev/null || true
  rm -f "$state/sockdir"
fi
rm -f "$state/config.json"
exit $status
