#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder's image on its Ubuntu base image
# (gradescope-autograders.readthedocs.io, "Autograder Specifications"). It installs the Swift toolchain from
# swift.org (the version autograder.env names, or SWIFT_VERSION; the signature is checked), bubblewrap for the
# grader's sandbox, git and unzip, then builds the grader from kit/ with the same command CI runs.
# `grader export gradescope <exercise> <out.zip>` puts this file, run_autograder and autograder.env at the zip's root.
set -euo pipefail
bundle="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=/dev/null
. "$bundle/autograder.env"
swift_version="${SWIFT_VERSION:-$GRADER_SWIFT_VERSION}"

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
    bubblewrap ca-certificates curl git gnupg2 unzip \
    binutils g++ libc6-dev libcurl4-openssl-dev libedit2 libncurses-dev libpython3-dev libsqlite3-0 \
    libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev

# swift.org names its builds by distribution and release: ubuntu2204/…-ubuntu22.04.tar.gz, with -aarch64 on ARM.
# shellcheck source=/dev/null
. /etc/os-release
case "$(uname -m)" in
aarch64) arch_suffix="-aarch64" ;;
*) arch_suffix="" ;;
esac
release="swift-${swift_version}-RELEASE"
url="https://download.swift.org/swift-${swift_version}-release/${ID}${VERSION_ID//./}${arch_suffix}/${release}"
url="${url}/${release}-${ID}${VERSION_ID}${arch_suffix}.tar.gz"
download="$(mktemp -d)"
curl -fsSL "$url" -o "$download/swift.tar.gz"
curl -fsSL "$url.sig" -o "$download/swift.tar.gz.sig"
curl -fsSL https://www.swift.org/keys/all-keys.asc | gpg --batch --quiet --import -
gpg --batch --verify "$download/swift.tar.gz.sig" "$download/swift.tar.gz"
mkdir -p /opt/swift
tar -xzf "$download/swift.tar.gz" -C /opt/swift --strip-components=1
ln -sf /opt/swift/usr/bin/* /usr/local/bin/
rm -rf "$download"
swift --version

# run_autograder runs kit/.build/debug/grader.
cd "$bundle/kit"
swift build --product grader
chmod +x "$bundle/run_autograder"
