#!/bin/sh
# Starts varnishd in the foreground with the project's VCL and parameters: the container's
# command, the shared-cache test and the bench all start it this way. Arguments are added
# (the listen address -a, a work directory -n, a vcl_path naming another backends.vcl).
# - http_resp_hdr_len / http_resp_size / workspace_backend: a list's Surrogate-Key names up to
#   1,000 keys of 25 bytes, past Varnish's 8 kB default for one header line.
# VARNISH_VCL: the VCL file (default: the one beside this script); VARNISH_MEMORY: cache size.
here=$(cd "$(dirname "$0")" && pwd)
exec varnishd -F \
  -f "${VARNISH_VCL:-$here/default.vcl}" \
  -s "malloc,${VARNISH_MEMORY:-256m}" \
  -p http_resp_hdr_len=32k \
  -p http_resp_size=64k \
  -p workspace_backend=128k \
  "$@"
