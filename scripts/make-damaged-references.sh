#!/bin/sh
# Writes Tests/CodecFixtures/conformance/imagetestsuite/references.txt: the outcome photofeed's
# decoder gives each file of the damaged set with partial decoding allowed (whole, partial N, or
# refused and the reason), which DamagedSetTests then asserts. Run after a deliberate change to
# how damaged files decode, and read the diff: every changed line is a file drawn differently.
set -eu
cd "$(dirname "$0")/.."
swift build --build-tests
PHOTOFEED_WRITE_DAMAGED_REFERENCES=1 swift test --skip-build --filter 'DamagedSetTests/writeReferences'
git diff --stat -- Tests/CodecFixtures/conformance/imagetestsuite/references.txt
