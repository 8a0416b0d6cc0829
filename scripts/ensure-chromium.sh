#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when it is missing (no browser downloads),
# with a colour emoji font so award emoji show in screenshots as they do in readers' browsers.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then exit 0; fi
echo "Installing Chromium and an emoji font from Debian's packages..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
