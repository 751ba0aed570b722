package dev.tableindex.model.table;

import static dev.tableindex.model.table.Ops.column;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.table.OverlayCommits.Overlay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random data overlays on a small indexed table (ids 1..6, names v0..v2, three fragments of two
 * rows, a btree on id and a bitmap on name, maybe a deleted row): for every filter, counting with
 * the indexes equals the scan, and both equal a brute-force count over the cells as the test itself
 * resolves them (commits in order; an overlay committed later, even when put first in the list, wins).
 */
class OverlayReadProperties {
    private static final List<String> FILTERS = List.of("true", "id = 2", "id < 4", "id >= 3 AND name = 'v1'",
            "name = 'v0'", "name != 'v2'", "name IS NULL", "id IS NULL", "name = 'v1' AND id > 1");

    /** One overlay: fragment, per field the covered offsets' values, put first in the list or last. */
    record Spec(int fragment, Map<Integer, SortedMap<Integer, Object>> cells, boolean atFront) {
    }

    @Property(tries = 40)
    void countingWithIndexesEqualsTheScan(@ForAll("deleted") Optional<Integer> deletedId,
                                          @ForAll("commits") List<List<Spec>> commits) throws IOException {
        Path root = Files.createTempDirectory("overlay-props");
        try {
            Lab lab = new Lab(root);
            StringBuilder rows = new StringBuilder("[");
            // expected.get(fragment).get(offset): field id -> value
            List<List<Map<Integer, Object>>> expected = new ArrayList<>();
            for (int i = 1; i <= 6; i++) {
                rows.append(i == 1 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"v").append(i % 3)
                        .append("\"}");
                if ((i - 1) % 2 == 0) {
                    expected.add(new ArrayList<>());
                }
                Map<Integer, Object> row = new HashMap<>();
                row.put(0, (long) i);
                row.put(1, "v" + (i % 3));
                expected.get((i - 1) / 2).add(row);
            }
            lab.apply(Ops.create(rows.append("]").toString(), 2, column("id", "int64"), column("name", "string")));
            lab.apply(Ops.createIndex("id_idx", "id", "btree"));
            lab.apply(Ops.createIndex("name_idx", "name", "bitmap"));
            boolean[][] deleted = new boolean[3][2];
            if (deletedId.isPresent()) {
                lab.apply(Ops.delete("id = " + deletedId.get()));
                deleted[(deletedId.get() - 1) / 2][(deletedId.get() - 1) % 2] = true;
            }
            for (List<Spec> commit : commits) {
                List<Overlay> overlays = new ArrayList<>();
                for (Spec spec : commit) {
                    overlays.add(new Overlay(spec.fragment(), spec.cells(), spec.atFront(), Optional.empty()));
                    spec.cells().forEach((field, values) -> values.forEach(
                            (offset, value) -> expected.get(spec.fragment()).get(offset).put(field, value)));
                }
                OverlayCommits.commit(root, overlays);
            }
            for (String text : FILTERS) {
                Filter filter = Filter.parse(text);
                List<Integer> ids = filter.bind(lab.table().schema());
                long brute = 0;
                for (int f = 0; f < 3; f++) {
                    for (int o = 0; o < 2; o++) {
                        if (!deleted[f][o] && Boolean.TRUE.equals(filter.evaluate(expected.get(f).get(o), ids))) {
                            brute++;
                        }
                    }
                }
                assertThat(lab.count(text, false)).as("scan of " + text).isEqualTo(brute);
                assertThat(lab.count(text, true)).as("count with indexes of " + text).isEqualTo(brute);
            }
        } finally {
            try (Stream<Path> files = Files.walk(root)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Provide
    Arbitrary<Optional<Integer>> deleted() {
        return Arbitraries.integers().between(1, 6).optional();
    }

    @Provide
    Arbitrary<List<List<Spec>>> commits() {
        // one overlay per fragment per commit, so commit order alone decides which one is newer
        Arbitrary<List<Spec>> commit = Arbitraries.integers().between(0, 2).set().ofMinSize(1).ofMaxSize(3)
                .flatMap(fragments -> Combinators.combine(fragments.stream().map(f -> spec(f)).toList())
                        .as(list -> list));
        return commit.list().ofMinSize(1).ofMaxSize(4);
    }

    private static Arbitrary<Spec> spec(int fragment) {
        Arbitrary<Object> ids = Arbitraries.oneOf(Arbitraries.longs().between(1, 6).map(l -> (Object) l),
                Arbitraries.just(null));
        Arbitrary<Object> names = Arbitraries.of("v0", "v1", "v2", "w").map(s -> (Object) s)
                .injectNull(0.2);
        Arbitrary<SortedMap<Integer, Object>> idCells = cellsOf(ids);
        Arbitrary<SortedMap<Integer, Object>> nameCells = cellsOf(names);
        return Combinators.combine(idCells, nameCells, Arbitraries.of(true, false)).as((i, n, front) -> {
            Map<Integer, SortedMap<Integer, Object>> cells = new LinkedHashMap<>();
            if (!i.isEmpty()) {
                cells.put(0, i);
            }
            if (!n.isEmpty() || i.isEmpty()) {
                cells.put(1, n.isEmpty() ? new TreeMap<>(Map.of(0, "w")) : n);
            }
            return new Spec(fragment, cells, front);
        });
    }

    /** A value for each of a random subset of the offsets {0, 1}. */
    private static Arbitrary<SortedMap<Integer, Object>> cellsOf(Arbitrary<Object> values) {
        return Combinators.combine(Arbitraries.of(true, false), values, Arbitraries.of(true, false), values)
                .as((has0, v0, has1, v1) -> {
                    SortedMap<Integer, Object> cells = new TreeMap<>();
                    if (has0) {
                        cells.put(0, v0);
                    }
                    if (has1) {
                        cells.put(1, v1);
                    }
                    return cells;
                });
    }
}
