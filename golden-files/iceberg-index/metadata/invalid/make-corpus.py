#!/usr/bin/env python3
"""Writes the invalid index metadata corpus: each file is ../valid/full.json with one recipe applied.

The expected violations are NOT produced here: they are written by hand in expected-violations.json from
the draft's rules. Run from this folder: python3 make-corpus.py
"""
import copy
import json

BASE = json.load(open("../valid/full.json"))


def ref(field_id):
    return {"type": "reference", "id": field_id}


def set_nm_arg(m, value):
    m["non-materialized-fields"][0]["expr"]["arguments"][0] = value


RECIPES = {
    "format-version-2": lambda m: m.update({"format-version": 2}),
    "missing-index-uuid": lambda m: m.pop("index-uuid"),
    "last-updated-ms-string": lambda m: m.update({"last-updated-ms": "1767225720000"}),
    "type-lower-case": lambda m: m.update({"type": "scalar"}),
    "field-id-duplicate": lambda m: m["non-materialized-fields"][0].update({"field-id": 1000}),
    "field-id-reserved": lambda m: m["non-materialized-fields"][0].update({"field-id": 2147483600}),
    "field-id-in-source-schema": lambda m: m["non-materialized-fields"][0].update({"field-id": 5}),
    "identity-fields-empty": lambda m: m.update({"identity-fields": [], "cluster-spec": [1000]}),
    "identity-field-duplicate": lambda m: m.update({"identity-fields": [1, 3, 1]}),
    "identity-field-metadata-column": lambda m: m.update({"identity-fields": [1, 3, 2147483645]}),
    "identity-field-not-in-schema": lambda m: m.update({"identity-fields": [1, 3, 99]}),
    "cluster-spec-empty": lambda m: m.update({"cluster-spec": []}),
    "cluster-spec-unknown-field": lambda m: m.update({"cluster-spec": [1000, 1, 42]}),
    "cluster-spec-not-primitive": lambda m: m.update({"identity-fields": [1, 3, 4], "cluster-spec": [1000, 1, 4]}),
    "cluster-source-not-identity": lambda m: m["materialized-fields"][0]["expr"]["arguments"].__setitem__(1, ref(2)),
    "expr-field-type": lambda m: m["materialized-fields"][0].update({"type": "expr-sql"}),
    "data-type-invalid": lambda m: m["non-materialized-fields"][0].update({"data-type": "datetime"}),
    "expr-invalid": lambda m: m["non-materialized-fields"][0]["expr"].update({"type": "call"}),
    "expr-named-reference": lambda m: set_nm_arg(m, {"type": "reference", "name": "event_ts"}),
    "expr-forbidden-column": lambda m: set_nm_arg(m, ref(2147483644)),
    "expr-unknown-reference": lambda m: set_nm_arg(m, ref(99)),
    "snapshot-id-duplicate": lambda m: m["snapshots"][2].update({"snapshot-id": 2}),
    "snapshot-key-id-unknown": lambda m: m["snapshots"][2].update({"key-id": "no-such-key"}),
    "location-not-absolute": lambda m: m.update({"location": "/warehouse/db/events/_indexes/by_user"}),
    "many-violations": lambda m: (
        m.update({"format-version": 2, "type": "Scalar", "location": "warehouse/by_user"}),
        m["snapshots"][0].pop("tracking-file"),
        m["snapshots"][1].update({"snapshot-id": 1})),
}

for name, recipe in RECIPES.items():
    metadata = copy.deepcopy(BASE)
    recipe(metadata)
    with open(name + ".json", "w") as out:
        json.dump(metadata, out, indent=2)
        out.write("\n")
