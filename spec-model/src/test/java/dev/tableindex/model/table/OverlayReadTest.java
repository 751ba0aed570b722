package dev.tableindex.model.table;

import static dev.tableindex.model.table.Ops.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.table.OverlayCommits.Overlay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reading data overlays (lance-table.proto, DataOverlayFile; reader flag 1&lt;&lt;6): scans see the
 * current values, and an index built before an overlay does not answer for its cells, which are
 * re-evaluated. Every expected count is worked out by hand in the comments.
 */
class OverlayReadTest {
    private static final int ID = 0;
    private static final int NAME = 1;

    @TempDir
    Path root;

    // --- the golden table "overlay" ---------------------------------------------------------------
    // Fragment 0: (1,'a'), (2,'b'); fragment 1: (3,'c'), (4,'d'). id_idx built at dataset_version 1,
    // name_idx at 2; the overlay (committed_version 4) sets name at fragment 0 offset 1 to 'B'.
    // Current rows: (1,'a'), (2,'B'), (3,'c'), (4,'d'). name_idx still holds ('b', 0:1), which it must
    // not answer for: 0:1 is excluded and re-evaluated on 'B'.

    @Test
    void theGoldenOverlayTableIsReadWithItsCurrentValues() throws IOException {
        copyGolden("overlay");
        TableVersion table = TableStore.load(root).table();
        assertThat(table.fragment(0).orElseThrow().rows().get(1)).containsEntry(NAME, "B").containsEntry(ID, 2L);
        assertThat(table.fragment(0).orElseThrow().overlays()).hasSize(1);
        assertThat(table.fragment(1).orElseThrow().hasOverlays()).isFalse();
        Lab lab = new Lab(root);
        counts(lab, "name = 'b'", 0); // the index's stale 'b' is not answered, the row now holds 'B'
        counts(lab, "name = 'B'", 1); // the index has no 'B': the excluded row is re-evaluated
        counts(lab, "name = 'a'", 1); // offset 0 is not covered: the index answers
        counts(lab, "name != 'b'", 4);
        counts(lab, "true", 4);
        counts(lab, "id = 2", 1); // id_idx: the overlay does not carry id, nothing excluded
        counts(lab, "id = 2 AND name = 'B'", 1); // id_idx answers id, name is checked on the current row
        counts(lab, "id = 2 AND name = 'b'", 0);
    }

    @Test
    void onTheGoldenTableOnlyTheNameIndexExcludesTheOverlaidCell() throws IOException {
        copyGolden("overlay");
        Fragment fragment0 = TableStore.load(root).table().fragment(0).orElseThrow();
        assertThat(RowCounter.excluded(fragment0, 2, List.of(NAME))).isEqualTo(RoaringBitmap.bitmapOf(1));
        assertThat(RowCounter.excluded(fragment0, 1, List.of(ID))).isEqualTo(new RoaringBitmap());
        // an index built at or after the overlay's version incorporates it
        assertThat(RowCounter.excluded(fragment0, 4, List.of(NAME))).isEqualTo(new RoaringBitmap());
    }

    @Test
    void theReferenceWriterStillRefusesATableWithOverlays() throws IOException {
        copyGolden("overlay");
        Lab lab = new Lab(root);
        // writer flag 64: refused before any change
        assertThatThrownBy(() -> lab.apply(Ops.append("[{\"id\":5,\"name\":\"e\"}]", 2)))
                .isInstanceOfSatisfying(TableException.class,
                        e -> assertThat(e.kind()).isEqualTo(TableException.Kind.WRITER_FEATURE_UNSUPPORTED));
        // and the model itself refuses a version with overlays, whatever the flags say
        TableVersion table = TableStore.load(root).table();
        assertThatThrownBy(() -> TableOperations.apply(table, Ops.delete("id = 1"), lab.env))
                .isInstanceOfSatisfying(TableException.class,
                        e -> assertThat(e.kind()).isEqualTo(TableException.Kind.WRITER_FEATURE_UNSUPPORTED));
    }

    // --- tables the reference wrote, with overlays the test commits --------------------------------
    // Fragment 0: (1,'n1'), (2,'n2'); fragment 1: (3,'n3'), (4,'n4'); name_idx built at version 1,
    // id_idx at version 2; the first overlay commit is version 4.

    private Lab indexedTable() {
        Lab lab = new Lab(root);
        lab.apply(Ops.create(Lab.rows(1, 5), 2, column("id", "int64"), column("name", "string")));
        lab.apply(Ops.createIndex("name_idx", "name", "btree"));
        lab.apply(Ops.createIndex("id_idx", "id", "btree"));
        return lab;
    }

    @Test
    void ofTwoOverlaysOnOneCellTheNewerWins() {
        Lab lab = indexedTable();
        assertThat(OverlayCommits.commit(root, List.of(new Overlay(0, cells(NAME, 0, "x"))))).isEqualTo(4);
        assertThat(OverlayCommits.commit(root, List.of(new Overlay(0, cells(NAME, 0, "y"))))).isEqualTo(5);
        // 0:0 is 'y' (version 5 beats version 4); 'n1' and 'x' are gone
        counts(lab, "name = 'y'", 1);
        counts(lab, "name = 'x'", 0);
        counts(lab, "name = 'n1'", 0);
        counts(lab, "name = 'n2'", 1);
        counts(lab, "id = 1 AND name = 'y'", 1);
    }

    @Test
    void aHigherCommittedVersionWinsWhereverItStandsInTheList() {
        Lab lab = indexedTable();
        OverlayCommits.commit(root, List.of(new Overlay(0, cells(NAME, 0, "x"))));
        // version 5, put FIRST in the list: it is still the newer one
        OverlayCommits.commit(root, List.of(new Overlay(0, cells(NAME, 0, "y"), true, Optional.empty())));
        assertThat(TableStore.load(root).table().fragment(0).orElseThrow().overlays())
                .extracting(o -> o.getCommittedVersion()).containsExactly(5L, 4L);
        counts(lab, "name = 'y'", 1);
        counts(lab, "name = 'x'", 0);
    }

    @Test
    void ofTwoOverlaysWithOneCommittedVersionTheLaterEntryWins() {
        Lab lab = indexedTable();
        OverlayCommits.commit(root, List.of(new Overlay(0, cells(NAME, 0, "x")), new Overlay(0, cells(NAME, 0, "y"))));
        counts(lab, "name = 'y'", 1);
        counts(lab, "name = 'x'", 0);
        counts(lab, "name = 'n1'", 0);
    }

    @Test
    void anOverlayOnADeletedRowIsIgnored() {
        Lab lab = indexedTable();
        lab.apply(Ops.delete("id = 1")); // version 4: 0:0 deleted
        OverlayCommits.commit(root, List.of(new Overlay(0, cells(NAME, 0, "z")))); // version 5, on 0:0
        // the deletion takes precedence: 0:0 is not a row, whatever its overlay says
        counts(lab, "name = 'z'", 0);
        counts(lab, "true", 3);
        counts(lab, "name = 'n1'", 0);
        counts(lab, "name = 'n2'", 1);
    }

    @Test
    void aSparseOverlayCoversEachFieldAtItsOwnOffsetsAndCanSetNull() {
        Lab lab = indexedTable();
        Map<Integer, SortedMap<Integer, Object>> cells = new LinkedHashMap<>();
        cells.put(ID, new TreeMap<>(Map.of(1, 20L))); // 1:1 id 4 -> 20
        TreeMap<Integer, Object> names = new TreeMap<>();
        names.put(0, "p"); // 1:0 name 'n3' -> 'p'
        names.put(1, null); // 1:1 name 'n4' -> NULL (covered, so not the base value)
        cells.put(NAME, names);
        OverlayCommits.commit(root, List.of(new Overlay(1, cells)));
        assertThat(TableStore.load(root).table().fragment(1).orElseThrow().overlays().get(0).hasFieldCoverage())
                .isTrue();
        // fragment 1 now: (3,'p'), (20,NULL)
        counts(lab, "id = 20", 1);
        counts(lab, "id = 4", 0);
        counts(lab, "id > 3", 1);
        counts(lab, "name IS NULL", 1);
        counts(lab, "name = 'n4'", 0);
        counts(lab, "name = 'p'", 1);
        counts(lab, "name = 'n3'", 0);
        counts(lab, "id = 3 AND name = 'p'", 1);
        counts(lab, "name != 'x'", 3); // NULL != 'x' is UNKNOWN: not counted
    }

    @Test
    void overlaysWithoutReaderFlag64AreRefused() {
        indexedTable();
        OverlayCommits.commit(root, List.of(new Overlay(0, cells(NAME, 0, "x"))));
        OverlayCommits.clearOverlayFlags(root);
        assertThatThrownBy(() -> TableStore.load(root)).isInstanceOfSatisfying(TableException.class,
                e -> assertThat(e.kind()).isEqualTo(TableException.Kind.INVALID_OPERATION));
    }

    static SortedMap<Integer, Object> offsets(Object... offsetThenValue) {
        TreeMap<Integer, Object> map = new TreeMap<>();
        for (int i = 0; i < offsetThenValue.length; i += 2) {
            map.put((Integer) offsetThenValue[i], offsetThenValue[i + 1]);
        }
        return map;
    }

    static Map<Integer, SortedMap<Integer, Object>> cells(int field, Object... offsetThenValue) {
        return Map.of(field, offsets(offsetThenValue));
    }

    static void counts(Lab lab, String filter, long expected) {
        assertThat(lab.count(filter, false)).as("scan of " + filter).isEqualTo(expected);
        assertThat(lab.count(filter, true)).as("count with indexes of " + filter).isEqualTo(expected);
    }

    private void copyGolden(String name) throws IOException {
        Path source = Path.of(System.getProperty("tck.golden.dir", "../golden-files")).resolve("reference-tables")
                .resolve(name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.toList()) {
                Path target = root.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        assertThat(Arrays.asList(root.toFile().list())).contains("_versions", "data");
    }
}
