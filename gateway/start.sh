#!/bin/sh
# The gateway container's start: writes the identity check's secret (GATEWAY_TOKEN, never in the image) into
# the file the configuration includes, then runs nginx in the foreground.
#   start.sh <configuration folder> <token file> [more nginx arguments]
set -eu
conf="$1"
file="$2"
shift 2
token="${GATEWAY_TOKEN:-}"
case "$token" in
  '' | *[!A-Za-z0-9_-]*) echo "GATEWAY_TOKEN: use de 32 a 256 letras, algarismos, '-' ou '_' (veja .env.example)" >&2; exit 1 ;;
esac
if [ "${#token}" -lt 32 ] || [ "${#token}" -gt 256 ]; then
  echo "GATEWAY_TOKEN: use de 32 a 256 letras, algarismos, '-' ou '_' (veja .env.example)" >&2
  exit 1
fi
umask 077
printf 'proxy_set_header x-gateway-token "%s";\n' "$token" > "$file"
exec nginx -p "$conf" -c "$conf/nginx.conf" "$@"
