#!/usr/bin/env python3
"""Writes expected.json of every reference-tables case from the cases' steps, by hand-stated rules.

Nothing here reads the kit's output or the case's files: uuids follow the uuid rule of provenance.json
(n-th uuid = uuid3-style MD5 of "tableindex-reference-tables/<case>/<n>", as Java's
UUID.nameUUIDFromBytes), counted by hand from the order in which the reference writer asks for them
(create_table: one per fragment's data file, then the transaction; create_index: the segment, the
IndexV2 id, then the transaction; delete_rows: the deletion file id, then the transaction; a kit commit
asks for none, each overlay's data file for one); index
file sizes are the lengths of the reference index file's JSON (IndexFileContent), written out here.
Run from anywhere: python3 golden-files/reference-tables/derive-expected.py
"""
import hashlib
import json
import os
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
CREATED_AT = 1767225600000  # 2026-01-01T00:00:00Z, the fixed clock
BTREE = "/lance.table.BTreeIndexDetails"


def u(case, n):
    h = bytearray(hashlib.md5(f"tableindex-reference-tables/{case}/{n}".encode()).digest())
    h[6] = (h[6] & 0x0F) | 0x30
    h[8] = (h[8] & 0x3F) | 0x80
    return str(uuid.UUID(bytes=bytes(h)))


# The reference's index file (IndexFileContent): entries (value, row address) sorted by value;
# row address = fragment << 32 | offset. Rows: fragment 0 = (1,a),(2,b); fragment 1 = (3,c),(4,d).
def index_file(entries):
    return '{"format":"tableindex-reference-index/1","index_type":"btree","entries":[' + entries + ']}'


ID_FILE = len(index_file('[1,0],[2,1],[3,4294967296],[4,4294967297]'))
NAME_FILE = len(index_file('["a",0],["b",1],["c",4294967296],["d",4294967297]'))
EMPTY_FILE = len(index_file(''))
assert (ID_FILE, NAME_FILE, EMPTY_FILE) == (116, 124, 75)

FOUR_ROWS = [{"id": 0, "physical_rows": 2, "num_deleted_rows": 0},
             {"id": 1, "physical_rows": 2, "num_deleted_rows": 0}]


def version(v, fragments, indices, v2=None, reader=0, writer=0):
    view = {"version": v, "reader_feature_flags": reader, "writer_feature_flags": writer,
            "fragments": fragments, "indices": indices}
    if v2:
        view["indices_v2"] = v2
    return view


def segment(name, uuid_, fields, dataset_version, fragments, size, index_version=0, covering=()):
    return {"name": name, "uuid": uuid_, "fields": list(fields), "dataset_version": dataset_version,
            "fragment_ids": list(fragments), "type_url": BTREE, "index_version": index_version,
            "created_at": CREATED_AT, "files": [{"path": "index.idx", "size_bytes": size}],
            "covering_fields": list(covering)}


def index_v2(name, id_, field_ids, file_id, size, fragments):
    return {"name": name, "id": id_, "field_ids": list(field_ids), "index_type_id": "lance:btree",
            "config_type_url": BTREE, "files": [{"id": file_id, "file_size": size, "fragment_ids": list(fragments)}]}


def used(name, fields, keyed, segments, covered):
    return {"name": name, "fields": fields, "keyed_fields": keyed, "type_id": "lance:btree",
            "segments": segments, "covered_fragments": covered}


def reader(v, source, indexes, ignored=(), cells=()):
    return {"version": v, "source": source, "indexes": indexes, "ignored": list(ignored),
            "excluded_cells": list(cells)}


def case(name, versions, reader_view, earlier=None):
    doc = {"case": name, "writer": "tableindex-reference 0.1.0 (the kit's reference model)", "naming": "V2",
           "latest_version": max(versions), "versions": {str(k): versions[k] for k in sorted(versions)},
           "reader": reader_view}
    if earlier:
        doc["reader_of_earlier_versions"] = {str(k): earlier[k] for k in sorted(earlier)}
    folder = os.path.join(HERE, name)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "expected.json"), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


def dual(c):
    """v1 create (uuids 1, 2 data files, 3 txn), v2 btree id_idx (4 segment, 5 IndexV2 id, 6 txn)."""
    seg = segment("id_idx", u(c, 4), [0], 1, [0, 1], ID_FILE)
    v2 = [index_v2("id_idx", u(c, 5), [0], u(c, 4), ID_FILE, [0, 1])]
    return {1: version(1, FOUR_ROWS, []), 2: version(2, FOUR_ROWS, [seg], v2)}, seg, v2


# dual-written: IndexV2 present and agreeing with the legacy entry -> the reader takes IndexV2.
c = "dual-written"
vs, seg, v2 = dual(c)
case(c, vs, reader(2, "V2", [used("id_idx", [0], [0], [u(c, 4)], [0, 1])]))

# index-on-empty-table: create asks for one uuid (the transaction: no fragments, no data files);
# the index (2 segment, 3 IndexV2 id, 4 txn) covers the known-empty bitmap 3a300000 00000000 -> [].
c = "index-on-empty-table"
seg = segment("id_idx", u(c, 2), [0], 1, [], EMPTY_FILE)
case(c, {1: version(1, [], []),
         2: version(2, [], [seg], [index_v2("id_idx", u(c, 3), [0], u(c, 2), EMPTY_FILE, [])])},
     reader(2, "V2", [used("id_idx", [0], [0], [u(c, 2)], [])]))

# v2-only-with-flag: v3 = v2 without legacy entries, writer flag 1<<12 -> the reader takes IndexV2 alone.
c = "v2-only-with-flag"
vs, seg, v2 = dual(c)
vs[3] = version(3, FOUR_ROWS, [], v2, writer=4096)
case(c, vs, reader(3, "V2", [used("id_idx", [0], [0], [u(c, 4)], [0, 1])]))

# stale-index-v2: v3 legacy bitmap {0}, IndexV2 still {0, 1} -> they disagree -> legacy, covering [0].
c = "stale-index-v2"
vs, seg, v2 = dual(c)
vs[3] = version(3, FOUR_ROWS, [dict(seg, fragment_ids=[0])], v2)
case(c, vs, reader(3, "LEGACY", [used("id_idx", [0], [0], [u(c, 4)], [0])]))

# covering-fields: v3 legacy fields [0, 1] carrying [1] without flag 128 -> (fields disagree with
# IndexV2's [0] -> legacy) invalid, not used; v4 reader+writer flag 128 -> used, keyed on [0].
c = "covering-fields"
vs, seg, v2 = dual(c)
cov = dict(seg, fields=[0, 1], covering_fields=[1])
vs[3] = version(3, FOUR_ROWS, [cov], v2)
vs[4] = version(4, FOUR_ROWS, [cov], v2, reader=128, writer=128)
case(c, vs, reader(4, "LEGACY", [used("id_idx", [0, 1], [0], [u(c, 4)], [0, 1])]),
     earlier={3: reader(3, "LEGACY", [], [{"name": "id_idx", "segment": None}])})

# newer-index-version: v3 legacy index_version 99. IndexV2 agrees on names, ids, fields, details and
# bitmaps (index_version is not compared) -> V2, whose index_version comes from the legacy entry of the
# same uuid: 99 > 0 (btree) -> the segment is ignored, then the index (no segment left).
c = "newer-index-version"
vs, seg, v2 = dual(c)
vs[3] = version(3, FOUR_ROWS, [dict(seg, index_version=99)], v2)
case(c, vs, reader(3, "V2", [], [{"name": "id_idx", "segment": u(c, 4)}, {"name": "id_idx", "segment": None}]))

# unknown-coverage: v3 the legacy entry and its IndexV2 file have empty fragment_bitmap bytes (unknown
# coverage, printed as null). The two forms still agree (both unknown) -> V2; the reader recovers the
# coverage from the index file's row addresses (fragments 0 and 1), as Lance's calculate_included_frags does.
c = "unknown-coverage"
vs, seg, v2 = dual(c)
v2_unknown = [dict(v2[0], files=[dict(v2[0]["files"][0], fragment_ids=None)])]
vs[3] = version(3, FOUR_ROWS, [dict(seg, fragment_ids=None)], v2_unknown)
case(c, vs, reader(3, "V2", [used("id_idx", [0], [0], [u(c, 4)], [0, 1])]))

# unknown-reader-flag: v3 reader flag 1<<20 -> a reader must refuse.
c = "unknown-reader-flag"
vs, seg, v2 = dual(c)
vs[3] = version(3, FOUR_ROWS, [seg], v2, reader=1048576)
case(c, vs, {"version": 3, "refuse": "READER_FEATURE_UNSUPPORTED"})

# overlay: v3 btree name_idx (7 segment, 8 IndexV2 id, 9 txn; dataset_version 2); v4 an overlay on
# fragment 0 (data file uuid 10) for field 1 at offset 1, committed_version 4, flags 64. name_idx
# (dataset_version 2 < 4) must not answer for row address 0:1 (= 1) of field 1; id_idx (field 0) is
# not touched by the overlay.
c = "overlay"
vs, seg, v2 = dual(c)
name_seg = segment("name_idx", u(c, 7), [1], 2, [0, 1], NAME_FILE)
both_v2 = v2 + [index_v2("name_idx", u(c, 8), [1], u(c, 7), NAME_FILE, [0, 1])]
vs[3] = version(3, FOUR_ROWS, [seg, name_seg], both_v2)
vs[4] = version(4, FOUR_ROWS, [seg, name_seg], both_v2, reader=64, writer=64)
case(c, vs, reader(4, "V2", [used("id_idx", [0], [0], [u(c, 4)], [0, 1]),
                             used("name_idx", [1], [1], [u(c, 7)], [0, 1])],
                   cells=[{"index": "name_idx", "fragment": 0, "offset": 1, "row_address": 1, "field": 1}]))


# ---- data overlay resolution (lance-table.proto, DataFragment.overlays and DataOverlayFile) ----
# current_rows: the live rows of the latest version, overlays applied by hand from the rules:
# a cell takes the value of the overlay with the highest committed_version covering it, among equal
# versions the later entry of DataFragment.overlays; a value sits at the offset's rank in the field's
# bitmap; a NULL value overrides to NULL; deleted rows stay deleted.

def row(fragment, offset, id_, name):
    return {"fragment": fragment, "offset": offset, "id": id_, "name": name}


def cell(index, fragment, offset, field):
    return {"index": index, "fragment": fragment, "offset": offset, "row_address": (fragment << 32) | offset,
            "field": field}


def with_name_idx(c, fragments=FOUR_ROWS):
    """v1..v3 of the four-row table: id_idx (4, 5, 6) and name_idx (7 segment, 8 IndexV2 id, 9 txn)."""
    vs, seg, v2 = dual(c)
    name_seg = segment("name_idx", u(c, 7), [1], 2, [0, 1], NAME_FILE)
    both_v2 = v2 + [index_v2("name_idx", u(c, 8), [1], u(c, 7), NAME_FILE, [0, 1])]
    vs[3] = version(3, fragments, [seg, name_seg], both_v2)
    return vs, [seg, name_seg], both_v2


def both_used(c):
    return [used("id_idx", [0], [0], [u(c, 4)], [0, 1]), used("name_idx", [1], [1], [u(c, 7)], [0, 1])]


def overlay_case(name, versions, reader_view, rows):
    case(name, versions, reader_view)
    path = os.path.join(HERE, name, "expected.json")
    with open(path) as f:
        doc = json.load(f)
    doc["current_rows"] = rows
    with open(path, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


# overlay-order: v4 fragment 0 [x (4), y (4)] on name@0; fragment 1 [q r (4)] on name@0,1;
# v5 fragment 1 list [p (5), q r (4), s (5)]. fragment 0 offset 0: same committed_version -> the later
# entry, 'y'. fragment 1 offset 0: p (5) beats q (4) though earlier in the list; offset 1: s (5) beats r (4).
# name_idx (dataset_version 2) must not answer for any overlaid cell; id_idx is not touched (field 0).
c = "overlay-order"
vs, segs, v2s = with_name_idx(c)
vs[4] = version(4, FOUR_ROWS, segs, v2s, reader=64, writer=64)
vs[5] = version(5, FOUR_ROWS, segs, v2s, reader=64, writer=64)
overlay_case(c, vs, reader(5, "V2", both_used(c), cells=[cell("name_idx", 0, 0, 1), cell("name_idx", 1, 0, 1),
                                                           cell("name_idx", 1, 1, 1)]),
             [row(0, 0, 1, "y"), row(0, 1, 2, "b"), row(1, 0, 3, "p"), row(1, 1, 4, "s")])

# overlay-on-deleted-row: v4 deletes id = 2 (fragment 0 offset 1; bitmaps unchanged; a deletion file
# is present: reader and writer flag 1 = 1<<0); v5 an overlay
# on name at offsets 0, 1 of fragment 0 = 'Y', 'Z'. Offset 1 is deleted: 'Z' is dead, the row stays
# deleted. name_idx must not answer for either covered cell (the deleted one never comes out anyway).
c = "overlay-on-deleted-row"
vs, segs, v2s = with_name_idx(c)
one_deleted = [dict(FOUR_ROWS[0], num_deleted_rows=1), FOUR_ROWS[1]]
vs[4] = version(4, one_deleted, segs, v2s, reader=1, writer=1)
vs[5] = version(5, one_deleted, segs, v2s, reader=65, writer=65)
overlay_case(c, vs, reader(5, "V2", both_used(c), cells=[cell("name_idx", 0, 0, 1), cell("name_idx", 0, 1, 1)]),
             [row(0, 0, 1, "Y"), row(1, 0, 3, "c"), row(1, 1, 4, "d")])

# overlay-field-coverage: one fragment of four rows (create: 1 data file, 2 txn; id_idx 3, 4, 5;
# name_idx 6, 7, 8). Overlay fields [1 (name), 0 (id)], bitmaps [{1, 3}, {2}], columns name ['B', NULL],
# id [30]: name@1 = rank 0 = 'B', name@3 = rank 1 = NULL (overridden to NULL), id@2 = rank 0 = 30.
c = "overlay-field-coverage"
ONE_FRAGMENT = [{"id": 0, "physical_rows": 4, "num_deleted_rows": 0}]
ID_FILE_1 = len(index_file('[1,0],[2,1],[3,2],[4,3]'))
NAME_FILE_1 = len(index_file('["a",0],["b",1],["c",2],["d",3]'))
id_seg = segment("id_idx", u(c, 3), [0], 1, [0], ID_FILE_1)
name_seg = segment("name_idx", u(c, 6), [1], 2, [0], NAME_FILE_1)
id_v2 = index_v2("id_idx", u(c, 4), [0], u(c, 3), ID_FILE_1, [0])
name_v2 = index_v2("name_idx", u(c, 7), [1], u(c, 6), NAME_FILE_1, [0])
vs = {1: version(1, ONE_FRAGMENT, []), 2: version(2, ONE_FRAGMENT, [id_seg], [id_v2]),
      3: version(3, ONE_FRAGMENT, [id_seg, name_seg], [id_v2, name_v2]),
      4: version(4, ONE_FRAGMENT, [id_seg, name_seg], [id_v2, name_v2], reader=64, writer=64)}
overlay_case(c, vs, reader(4, "V2", [used("id_idx", [0], [0], [u(c, 3)], [0]),
                                     used("name_idx", [1], [1], [u(c, 6)], [0])],
                           cells=[cell("id_idx", 0, 2, 0), cell("name_idx", 0, 1, 1), cell("name_idx", 0, 3, 1)]),
             [row(0, 0, 1, "a"), row(0, 1, 2, "B"), row(0, 2, 30, "c"), row(0, 3, 4, None)])

# overlay-shared-two-fields: fragment 1, shared bitmap {0, 1} over fields [0 (id), 1 (name)]:
# id [30, 40], name ['C', 'D'] -> both fields change at both offsets; both indexes lose both cells.
c = "overlay-shared-two-fields"
vs, segs, v2s = with_name_idx(c)
vs[4] = version(4, FOUR_ROWS, segs, v2s, reader=64, writer=64)
overlay_case(c, vs, reader(4, "V2", both_used(c), cells=[cell("id_idx", 1, 0, 0), cell("id_idx", 1, 1, 0),
                                                           cell("name_idx", 1, 0, 1), cell("name_idx", 1, 1, 1)]),
             [row(0, 0, 1, "a"), row(0, 1, 2, "b"), row(1, 0, 30, "C"), row(1, 1, 40, "D")])

# overlay-without-flag: as "overlay" (name at fragment 0 offset 1 = 'B', committed_version 4), but the
# kit commit sets no flag: v4 has flags 0. The index view is the same as for "overlay" (the overlay is
# there; name_idx must not answer for 0:1); no current_rows: the reference refuses to read the rows of a
# manifest with overlays but without reader flag 64 (IM-0056 leaves the reaction open).
c = "overlay-without-flag"
vs, segs, v2s = with_name_idx(c)
vs[4] = version(4, FOUR_ROWS, segs, v2s)
case(c, vs, reader(4, "V2", both_used(c), cells=[cell("name_idx", 0, 1, 1)]))
