#!/usr/bin/env bash
# The python-gitlab conformance suite drives Debian's python-gitlab 3.12 and its CLI with the
# system's Python; install them when they are missing (Debian's packages, nothing from PyPI).
set -euo pipefail
if /usr/bin/python3 -c 'import gitlab' 2>/dev/null && [ -x /usr/bin/python-gitlab ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
echo "Installing python-gitlab and its CLI from Debian's packages..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-gitlab gitlab-cli >/dev/null
