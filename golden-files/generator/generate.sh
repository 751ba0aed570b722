#!/usr/bin/env bash
# Golden-manifest generator: writes real Lance datasets in a scratch directory and copies the commit-ready
# outputs to golden-files/lance-manifests/lance-<version>/<case>/ (see README.md next to this script).
#
# usage (from the repo root): golden-files/generator/generate.sh [--lance-version 7.0.0] [case...]
#   no case = every case the release's adapter implements. Each case runs in its own forked JVM with a fresh
#   java.io.tmpdir (a native panic leaves the 181 MB liblance_jni .so behind in tmpdir); the scratch directory
#   is removed at exit.
# usage: golden-files/generator/generate.sh --index-files [--lance-version 7.0.0] [btree-binary|btree-binary-many|btree-binary-fragments]
#   real Lance index files (page_data.lance, page_lookup.lance of a BTree over a binary column) into
#   golden-files/lance-index-files/lance-<version>/<case>/ (org.lance 4.x-7.x only)
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$ROOT/golden-files/lance-manifests"
PROTO="$ROOT/proto"
ORACLE_VERSION=7.0.0   # used as the oracle for releases whose Java API has no Dataset.getIndexes()

LANCE_VERSION=7.0.0
CASES=()
INDEX_FILES=0
MAIN=dev.tableindex.golden.Main
while [ $# -gt 0 ]; do
  case "$1" in
    --lance-version) LANCE_VERSION="$2"; shift 2 ;;
    --lance-version=*) LANCE_VERSION="${1#*=}"; shift ;;
    --index-files) INDEX_FILES=1; MAIN=dev.tableindex.golden.api.IndexFilesMain; OUT="$ROOT/golden-files/lance-index-files"; shift ;;
    -h|--help) sed -n 2,12p "$0"; exit 0 ;;
    *) CASES+=("$1"); shift ;;
  esac
done

# Lance release -> Maven groupId and Java-API generation (= pom.xml profile, which lists its source sets)
case "$LANCE_VERSION" in
  0.*) GROUP=com.lancedb ;;
  *)   GROUP=org.lance ;;
esac
case "$LANCE_VERSION" in
  0.*) API=com-lancedb ;;     # writer-only adapter, oracle = org.lance $ORACLE_VERSION in a second JVM
  1.*) API=org-lance-1 ;;     # writer-only adapter, same
  2.*) API=org-lance-2 ;;     # shared org.lance adapter + 2.0.x ReleaseCalls
  *)   API=org-lance-7 ;;     # shared org.lance adapter + 4.x-7.x ReleaseCalls
esac
case "$LANCE_VERSION:$API" in
  0.26.*)
    # 0.26.x Java createIndex only accepts vector indexes ("IllegalArgumentException: VectorIndexParams not
    # present" for BTREE), so only the case without an index can be written. Naming the other cases explicitly
    # still tries them.
    SPLIT=1
    ALL_CASES=(no-index) ;;
  *:com-lancedb|*:org-lance-1)
    SPLIT=1
    ALL_CASES=(no-index btree append-after-index delete-all-rows) ;;
  *)
    SPLIT=0
    ALL_CASES=(no-index btree bitmap label-list index-on-empty-table two-segments append-after-index
      column-rewrite-update merge-insert-stale-fragments delete-all-rows optimize-compaction v1-naming) ;;
esac
if [ "$INDEX_FILES" = 1 ]; then
  [ "$API" = org-lance-7 ] || { echo "--index-files needs org.lance 4.x-7.x (IndexFilesMain is in src/api-org-lance-7)" >&2; exit 1; }
  SPLIT=0
  ALL_CASES=(btree-binary btree-binary-many btree-binary-fragments)
fi
[ ${#CASES[@]} -eq 0 ] && CASES=("${ALL_CASES[@]}")

# arrow.version declared by the lance-core POM (or its lance-parent POM)
arrow_of() { # group version
  local dir="$HOME/.m2/repository/${1//.//}" a=""
  for art in lance-core lance-parent; do
    local pom="$dir/$art/$2/$art-$2.pom"
    [ -f "$pom" ] || mvn -q -B dependency:get -Dartifact="$1:$art:$2:pom" -Dtransitive=false >/dev/null 2>&1 || true
    [ -f "$pom" ] && a="$(sed -n 's:.*<arrow.version>\(.*\)</arrow.version>.*:\1:p' "$pom" | head -1)"
    [ -n "$a" ] && { echo "$a"; return; }
  done
  echo 18.3.0
}

build() { # group version api -> prints class path
  local dir="$HERE/target/lance-$2" arrow
  arrow="$(arrow_of "$1" "$2")"
  echo "== building generator: $1:lance-core:$2 (api $3, arrow $arrow) into $dir" >&2
  mvn -q -B -f "$HERE/pom.xml" -Dgen.build.dir="$dir" -Dlance.groupId="$1" -Dlance.version="$2" \
    -Dlance.api="$3" -Darrow.version="$arrow" clean compile >&2 || { echo "build failed" >&2; return 1; }
  echo "$dir/classes:$(cat "$dir/classpath.txt")"
}

SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/golden-gen.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
T0=$(date +%s)

CP="$(build "$GROUP" "$LANCE_VERSION" "$API")" || exit 1
ORACLE_CP="$CP"
ORACLE_ARGS=()
if [ "$SPLIT" = 1 ]; then
  ORACLE_CP="$(build org.lance "$ORACLE_VERSION" org-lance-7)" || exit 1
  ORACLE_ARGS=(--oracle "org.lance:lance-core:$ORACLE_VERSION")
fi

# protoc descriptor set for the cross-check (protoc from the protoc Maven artifact; well-known types from
# the protobuf-java jar)
[ -f "$HOME/.m2/repository/com/google/protobuf/protoc/4.36.2/protoc-4.36.2-linux-x86_64.exe" ] || \
  mvn -q -B dependency:get -Dartifact=com.google.protobuf:protoc:4.36.2:exe:linux-x86_64 >/dev/null
cp "$HOME/.m2/repository/com/google/protobuf/protoc/4.36.2/protoc-4.36.2-linux-x86_64.exe" "$SCRATCH/protoc"
chmod +x "$SCRATCH/protoc"
PBJAR="$(echo "$ORACLE_CP" | tr ':' '\n' | grep '/protobuf-java-[0-9.]*\.jar$' | head -1)"
mkdir -p "$SCRATCH/include"
(cd "$SCRATCH/include" && unzip -q -o "$PBJAR" 'google/protobuf/*.proto')
"$SCRATCH/protoc" -I "$PROTO" -I "$SCRATCH/include" --include_imports \
  --descriptor_set_out="$SCRATCH/lance.desc" lance/table.proto lance/transaction.proto

# one forked JVM, fresh tmpdir, removed afterwards; prints the JVM's exit code
jvm() { # tag classpath args...
  local tag="$1" cp="$2" tmp="$SCRATCH/tmp-$1" rc
  shift 2
  mkdir -p "$tmp"
  set +e
  java --add-opens=java.base/java.nio=ALL-UNNAMED -Djava.io.tmpdir="$tmp" -cp "$cp" "$MAIN" \
    "$@" 2>&1 | grep -v -E '^SLF4J' >>"$SCRATCH/log-$tag.txt"
  rc=${PIPESTATUS[0]}
  set -e
  if ls "$tmp"/*.so >/dev/null 2>&1; then
    echo "   (left-over native library in tmpdir removed: $(ls "$tmp" | tr '\n' ' '))" >>"$SCRATCH/log-$tag.txt"
  fi
  rm -rf "$tmp"
  return $rc
}

mkdir -p "$SCRATCH/datasets" "$OUT"
declare -A RESULT
for c in "${CASES[@]}"; do
  echo "== case $c"
  t=$(date +%s)
  COMMON=(--case "$c" --datasets "$SCRATCH/datasets" --out "$OUT" --lance-version "$LANCE_VERSION"
    --writer "$GROUP:lance-core" --descriptor-set "$SCRATCH/lance.desc"
    --generator-cmd "golden-files/generator/generate.sh$([ "$INDEX_FILES" = 1 ] && echo ' --index-files') --lance-version $LANCE_VERSION $c")
  rc=0
  if [ "$SPLIT" = 1 ]; then
    jvm "$c" "$CP" "${COMMON[@]}" --phase write || rc=$?
    [ $rc -eq 0 ] && { jvm "$c-oracle" "$ORACLE_CP" "${COMMON[@]}" "${ORACLE_ARGS[@]}" --phase observe || rc=$?; }
    [ -f "$SCRATCH/log-$c-oracle.txt" ] && cat "$SCRATCH/log-$c-oracle.txt" >>"$SCRATCH/log-$c.txt"
  else
    jvm "$c" "$CP" "${COMMON[@]}" --phase all || rc=$?
  fi
  cat "$SCRATCH/log-$c.txt"
  case $rc in
    0) RESULT[$c]="generated ($(( $(date +%s) - t )) s, $(grep -c '^DISAGREE' "$SCRATCH/log-$c.txt" || true) disagreements)" ;;
    2) RESULT[$c]="skipped: not implemented for this API generation" ;;
    134) RESULT[$c]="FAILED: JVM aborted (exit 134, native panic)" ;;
    *) RESULT[$c]="FAILED: exit $rc" ;;
  esac
done

echo "== summary for lance $LANCE_VERSION (wall $(( $(date +%s) - T0 )) s)"
fail=0
for c in "${CASES[@]}"; do
  echo "  $c: ${RESULT[$c]}"
  case "${RESULT[$c]}" in FAILED*) fail=1 ;; esac
done
exit $fail
