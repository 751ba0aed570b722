package dev.tableindex.benchmarks;

import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementPlanner;
import dev.tableindex.model.listindex.ListElementQuery;
import dev.tableindex.model.listindex.Plan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The list element index of the reference model ({@code dev.tableindex.model.listindex}) over
 * {@value #ROWS} rows of {@value #ELEMENTS} elements {@code {label: string, confidence: float}}:
 * answering the selective {@code any_element(list, 'label = 'label-7' AND confidence > 0.5')}
 * with the index ({@link ListElementQuery#answer}) and on the data ({@link ListElementQuery#scan}).
 *
 * <p>The data is deterministic (seed {@value #SEED}): {@value #FRAGMENTS} fragments of equal size, labels
 * {@code "label-0"}..{@code "label-999"} uniformly (shared String instances), confidences uniform in [0, 1);
 * one row in {@value #NULL_LIST_EVERY} is a null list and one element in {@value #NULL_ELEMENT_EVERY}
 * a null element. Every benchmark runs in its own forked JVM with a 4 GB heap. Building the index is measured
 * by {@link IndexBuildBenchmark}, beside real Lance building its BTree over the same keys.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class ListElementIndexBenchmark {
    static final int ROWS = 1_000_000;
    static final int ELEMENTS = 5;
    static final int FRAGMENTS = 4;
    static final int LABELS = 1000;
    static final int NULL_LIST_EVERY = 1000;
    static final int NULL_ELEMENT_EVERY = 1000;
    static final long SEED = 20_260_707L;
    static final int PAGE_SIZE = 4096;
    static final int ENUMERATION_LIMIT = 100;
    static final String PREDICATE = "label = 'label-7' AND confidence > 0.5";
    /** Field ids of label and confidence; the index keys, in this order. */
    static final List<Integer> KEY_FIELD_IDS = List.of(1, 2);

    /** The table only. */
    @State(Scope.Benchmark)
    public static class Data {
        IndexedTable table;
        Set<Long> fragmentIds;

        @Setup(Level.Trial)
        public void setUp() {
            table = table();
            fragmentIds = Set.copyOf(table.fragments().stream().map(IndexedTable.Fragment::id).toList());
        }
    }

    /** The table and its index, built once; checked against the scan before anything is measured. */
    @State(Scope.Benchmark)
    public static class Indexed {
        IndexedTable table;
        ListElementIndex index;
        BoundPredicate bound;

        @Setup(Level.Trial)
        public void setUp(Data data) {
            table = data.table;
            long start = System.nanoTime();
            index = ListElementIndex.build(table, KEY_FIELD_IDS, data.fragmentIds, PAGE_SIZE);
            long built = System.nanoTime() - start;
            bound = BoundPredicate.of(PREDICATE, table.element());

            ListElementQuery.Answer answer = ListElementQuery.answer(table, index, PREDICATE, false, ENUMERATION_LIMIT);
            Set<Long> scanned = ListElementQuery.scan(table, bound, false);
            if (!answer.rows().equals(scanned)) {
                throw new IllegalStateException("index answer (" + answer.rows().size() + " rows) differs from the scan ("
                        + scanned.size() + " rows)");
            }
            if (answer.plan().mode() == Plan.Mode.NOT_USED) {
                throw new IllegalStateException("the index was not used: " + answer.plan().reason());
            }
            int pages = index.pageLookup().size();
            if (answer.pagesRead() > 4) {
                throw new IllegalStateException("the selective query read " + answer.pagesRead() + " of " + pages + " pages");
            }
            System.out.printf("%n[setup] %d rows, %d page_data entries, %d pages of %d; setup build %.1f s%n",
                    ROWS, index.pageData().size(), pages, PAGE_SIZE, built / 1e9);
            System.out.printf("[setup] %s: plan %s, %d ranges, pagesRead %d of %d, rows matched %d (index = scan)%n",
                    PREDICATE, answer.plan().mode(), answer.plan().ranges().size(), answer.pagesRead(), pages,
                    answer.rows().size());
        }
    }

    /** The seeded table: {@value #ROWS} rows of {@value #ELEMENTS} elements in {@value #FRAGMENTS} fragments. */
    static IndexedTable table() {
        return table(ROWS);
    }

    /** The seeded table of {@code rowCount} rows (a multiple of {@value #FRAGMENTS}), as {@link #table()}. */
    static IndexedTable table(int rowCount) {
        ElementSchema element = new ElementSchema(List.of(
                new ElementSchema.Field("label", KeyType.parse("string")),
                new ElementSchema.Field("confidence", KeyType.parse("float"))));
        String[] labels = new String[LABELS];
        for (int i = 0; i < LABELS; i++) {
            labels[i] = "label-" + i;
        }
        SplittableRandom random = new SplittableRandom(SEED);
        int perFragment = rowCount / FRAGMENTS;
        List<IndexedTable.Fragment> fragments = new ArrayList<>();
        for (int f = 0; f < FRAGMENTS; f++) {
            List<List<Object[]>> rows = new ArrayList<>(perFragment);
            for (int r = 0; r < perFragment; r++) {
                if (random.nextInt(NULL_LIST_EVERY) == 0) {
                    rows.add(null);
                    continue;
                }
                Object[][] list = new Object[ELEMENTS][];
                for (int e = 0; e < ELEMENTS; e++) {
                    if (random.nextInt(NULL_ELEMENT_EVERY) == 0) {
                        continue; // a null element
                    }
                    list[e] = new Object[] {labels[random.nextInt(LABELS)], Float32.of((float) random.nextDouble())};
                }
                rows.add(Arrays.asList(list));
            }
            fragments.add(new IndexedTable.Fragment(f, rows, Set.of()));
        }
        return new IndexedTable(element, KEY_FIELD_IDS, fragments);
    }

    /** The selective query through the index, as a reader would answer it ({@link ListElementQuery#answer}). */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 3, time = 5)
    @Measurement(iterations = 5, time = 5)
    public void indexQuery(Indexed state, Blackhole blackhole) {
        blackhole.consume(ListElementQuery.answer(state.table, state.index, PREDICATE, false, ENUMERATION_LIMIT).rows());
    }

    /** The same query evaluated on every row of the data ({@link ListElementQuery#scan}). */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 3, time = 5)
    @Measurement(iterations = 5, time = 5)
    public void scanQuery(Indexed state, Blackhole blackhole) {
        blackhole.consume(ListElementQuery.scan(state.table, state.bound, false));
    }

    /**
     * Diagnostic: only the index part of {@link #indexQuery} — plan the predicate and search the pages
     * page_lookup selects ({@code ListElementIndex.search}), without the per-query bookkeeping that
     * {@code ListElementQuery.answer} does over all rows of the covered fragments.
     */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 3, time = 5)
    @Measurement(iterations = 5, time = 5)
    public void indexSearchOnly(Indexed state, Blackhole blackhole) {
        Plan plan = ListElementPlanner.plan(BoundPredicate.of(PREDICATE, state.table.element()).predicate(),
                state.table.element(), List.of(0, 1), ENUMERATION_LIMIT);
        blackhole.consume(state.index.search(plan.ranges()).rows());
    }
}
