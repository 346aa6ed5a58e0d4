#!/usr/bin/env bash
# Builds Wire's libFuzzer targets (the package in Fuzz/, with -sanitize=fuzzer) and runs them.
#
#   scripts/fuzz.sh [TARGET] [--runs N | --seconds S] [--asan] [-- LIBFUZZER-ARGS...]
#
# TARGET: wire-frame, property-list or all (default). --runs N stops each target after N executions
# (-runs=N); --seconds S after S seconds (-max_total_time=S); default 60 seconds. Each target starts from its
# committed seeds (Fuzz/Corpus/TARGET) and keeps what it learns in .build-fuzz/corpus/TARGET; a crash is written
# to .build-fuzz/artifacts/TARGET/. --asan adds AddressSanitizer (-sanitize=fuzzer,address; its own build in
# .build-fuzz-asan): it checks NIO's unsafe buffer code too, at about half the speed. Anything after `--` goes to libFuzzer as it is: `-- FILE` runs one input,
# `-- -minimize_crash=1 -runs=100000 FILE` minimises a crash. libFuzzer's final statistics end each run.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: scripts/fuzz.sh [wire-frame|property-list|all] [--runs N | --seconds S] [--asan] [-- LIBFUZZER-ARGS...]" >&2
    exit 2
}

targets=(wire-frame property-list)
limit=(-max_total_time=60)
extra=()
sanitizers=fuzzer
scratch=.build-fuzz
while (($#)); do
    case "$1" in
        wire-frame | property-list) targets=("$1") ;;
        all) targets=(wire-frame property-list) ;;
        --runs)
            [[ ${2:-} =~ ^[0-9]+$ ]] || usage
            limit=(-runs="$2")
            shift
            ;;
        --seconds)
            [[ ${2:-} =~ ^[0-9]+$ ]] || usage
            limit=(-max_total_time="$2")
            shift
            ;;
        --asan)
            sanitizers=fuzzer,address
            scratch=.build-fuzz-asan
            ;;
        --)
            shift
            extra=("$@")
            break
            ;;
        *) usage ;;
    esac
    shift
done

swift build --package-path Fuzz --scratch-path "$scratch" -c release \
    -Xswiftc -sanitize=$sanitizers >&2
bin=$(swift build --package-path Fuzz --scratch-path "$scratch" -c release --show-bin-path)

for target in "${targets[@]}"; do
    case "$target" in
        wire-frame) max_len=2048 ;;
        property-list) max_len=2048 ;;
    esac
    mkdir -p "$scratch/corpus/$target" "$scratch/artifacts/$target"
    echo "== $target-fuzz ${limit[*]} ${extra[*]}" >&2
    if ((${#extra[@]})); then
        # A given input or option list: run as asked, without the corpus.
        "$bin/$target-fuzz" -dict=Fuzz/wire.dict -max_len=$max_len -timeout=10 "${limit[@]}" \
            -artifact_prefix="$scratch/artifacts/$target/" -print_final_stats=1 "${extra[@]}"
    else
        "$bin/$target-fuzz" -dict=Fuzz/wire.dict -max_len=$max_len -timeout=10 "${limit[@]}" \
            -artifact_prefix="$scratch/artifacts/$target/" -print_final_stats=1 \
            "$scratch/corpus/$target" "Fuzz/Corpus/$target"
    fi
done
