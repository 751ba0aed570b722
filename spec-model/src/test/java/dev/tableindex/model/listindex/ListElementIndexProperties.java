package dev.tableindex.model.listindex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyEncoding;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The index-assisted answers of any_element and NOT any_element equal the answers computed from the
 * data, for random tables (nulls everywhere, NaN and ±0.0, null and empty lists, null elements,
 * duplicates, deletions, fragments the index does not cover, renamed keys, keys whose type changed)
 * and random predicates; NOT is refused only for the reasons the spec gives.
 */
class ListElementIndexProperties {
    static final List<String> NAMES = List.of("label", "confidence", "n", "flag");
    static final List<KeyType> TYPES = List.of(KeyType.parse("string"), KeyType.parse("float"),
            KeyType.parse("int32"), KeyType.parse("bool"));
    static final List<Integer> IDS = List.of(4, 5, 6, 7);
    private static final List<List<String>> LITERALS = List.of(
            List.of("'car'", "'person'", "''", "'cart'"),
            List.of("0.5", "0.95", "-0.0", "0.0", "FLOAT 'NaN'", "FLOAT 'Infinity'", "-1"),
            List.of("-1", "0", "2", "7", "2.5"),
            List.of("TRUE", "FALSE"));

    record Case(IndexedTable table, List<Integer> keyIds, Set<Long> covered, int pageSize, boolean renamed,
                boolean typeChanged, boolean dropped, String predicate, int limit) {
        @Override
        public String toString() {
            return predicate + " keys " + keyIds + " covered " + covered + " page " + pageSize + (renamed ? " renamed" : "")
                    + (typeChanged ? " type-changed" : "") + (dropped ? " dropped" : "") + " limit " + limit
                    + " fragments " + table.fragments().size();
        }
    }

    /** Rows of the element {@link #NAMES}: nulls everywhere, NaN and ±0.0, null and empty lists, null elements. */
    static Arbitrary<List<List<Object[]>>> rows() {
        Arbitrary<Object[]> element = Combinators.combine(
                Arbitraries.of("car", "person", "", "cart").injectNull(0.25),
                Arbitraries.of(0.5f, 0.95f, -0.0f, 0.0f, Float.NaN, Float.POSITIVE_INFINITY, -1f).map(f -> (Object) Float32.of(f))
                        .injectNull(0.25),
                Arbitraries.of(-1L, 0L, 2L, 7L).injectNull(0.25),
                Arbitraries.of(true, false).injectNull(0.25))
                .as((a, b, c, d) -> new Object[] {a, b, c, d}).injectNull(0.1);
        return element.list().ofMaxSize(3).injectNull(0.1).list().ofMaxSize(6);
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<List<IndexedTable.Fragment>> fragments = rows().list().ofMinSize(1).ofMaxSize(3).flatMap(all -> {
            List<Arbitrary<IndexedTable.Fragment>> each = new ArrayList<>();
            for (int f = 0; f < all.size(); f++) {
                List<List<Object[]>> fragmentRows = all.get(f);
                long id = f * 2L;
                each.add(Arbitraries.integers().between(0, Math.max(0, fragmentRows.size() - 1)).set().ofMaxSize(2)
                        .map(deleted -> new IndexedTable.Fragment(id, fragmentRows,
                                fragmentRows.isEmpty() ? Set.of() : deleted)));
            }
            return Combinators.combine(each).as(ArrayList::new);
        });
        Arbitrary<List<Integer>> keys = Arbitraries.of(0, 1, 2, 3).list().uniqueElements().ofMinSize(1).ofMaxSize(3);
        return keys.flatMap(keyList -> Combinators.combine(fragments, Arbitraries.just(keyList), Arbitraries.integers().between(1, 4),
                Arbitraries.of(true, false), Arbitraries.integers().between(0, 9), predicate(keyList),
                Arbitraries.of(1, 3, 100), Arbitraries.longs().between(0, 7))
                .as((frags, keyPositions, pageSize, renamed, evolution, predicate, limit, coverMask) -> {
                    List<String> names = new ArrayList<>(NAMES);
                    if (renamed) {
                        // "label" is renamed to "tag", and "tag"'s old meaning is gone: predicates use current names
                        names.set(0, "tag");
                    }
                    List<ElementSchema.Field> fields = new ArrayList<>();
                    for (int i = 0; i < NAMES.size(); i++) {
                        fields.add(new ElementSchema.Field(names.get(i), TYPES.get(i)));
                    }
                    IndexedTable table = new IndexedTable(new ElementSchema(fields), IDS, frags);
                    Set<Long> covered = frags.stream().map(IndexedTable.Fragment::id)
                            .filter(id -> (coverMask & (1L << (id / 2))) != 0).collect(Collectors.toSet());
                    String text = renamed ? predicate.replace("label", "tag") : predicate;
                    return new Case(table, keyPositions.stream().map(IDS::get).toList(), covered, pageSize, renamed,
                            evolution == 0, evolution == 1, text, limit);
                }));
    }

    /** Conjunctions whose conjuncts favour the index's keys, first key first, so most plans use the index. */
    static Arbitrary<String> predicate(List<Integer> keys) {
        Arbitrary<String> first = conjunct(Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(8, Arbitraries.just(keys.get(0))),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0, 3))));
        Arbitrary<String> rest = conjunct(Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(6, Arbitraries.of(keys)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0, 3))));
        return Combinators.combine(first, rest.list().ofMaxSize(2))
                .as((head, tail) -> tail.isEmpty() ? head : head + " AND " + String.join(" AND ", tail));
    }

    static Arbitrary<String> conjunct(Arbitrary<Integer> field) {
        return field.flatMap(f -> {
            String name = NAMES.get(f);
            Arbitrary<String> value = Arbitraries.of(LITERALS.get(f));
            return Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(3, value.map(v -> name + " = " + v)),
                    net.jqwik.api.Tuple.of(1, value.map(v -> v + " = " + name)),
                    net.jqwik.api.Tuple.of(2, Combinators.combine(value, value).as((a, b) -> name + " IN (" + a + ", " + b + ")")),
                    net.jqwik.api.Tuple.of(1, value.map(v -> name + " IN (" + v + ", NULL)")),
                    net.jqwik.api.Tuple.of(2, Arbitraries.of(name + " IS NULL", name + " IS NOT NULL", name + " = NULL",
                            name + " IS TRUE")),
                    net.jqwik.api.Tuple.of(4, Combinators.combine(Arbitraries.of(">", ">=", "<", "<=", "<>"), value)
                            .as((op, v) -> name + " " + op + " " + v)),
                    net.jqwik.api.Tuple.of(1, value.map(v -> v + " > " + name)),
                    net.jqwik.api.Tuple.of(2, Combinators.combine(value, value).as((a, b) -> name + " BETWEEN " + a + " AND " + b)),
                    net.jqwik.api.Tuple.of(1, value.map(v -> "(" + name + " = " + v + " OR n = 7)")));
        });
    }

    private static boolean bindable(Case c) {
        try {
            BoundPredicate.of(c.predicate(), c.table().element());
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Property(tries = 6000)
    void indexAnswersEqualTheAnswersFromTheData(@ForAll("cases") Case c) {
        if (!bindable(c)) {
            Statistics.label("plan").collect("unbindable");
            return;
        }
        ListElementIndex index = ListElementIndex.build(c.table(), c.keyIds(), c.covered(), c.pageSize());
        if (c.typeChanged()) {
            ListElementIndexDetails d = index.details();
            List<KeyType> types = new ArrayList<>(d.keyTypes());
            types.set(0, KeyType.parse("int64"));
            index = withDetails(c, new ListElementIndexDetails(d.keyFieldIds(), d.keys(), types, d.keyEncoding(), 1));
        } else if (c.dropped()) {
            // the index was built on a field (id 99) that the element struct no longer has
            ListElementIndexDetails d = index.details();
            List<Integer> ids = new ArrayList<>(d.keyFieldIds());
            ids.set(ids.size() - 1, 99);
            index = withDetails(c, new ListElementIndexDetails(ids, d.keys(), d.keyTypes(), d.keyEncoding(), 1));
        }
        BoundPredicate bound = BoundPredicate.of(c.predicate(), c.table().element());
        // the same coverage as one segment or as two, covering disjoint fragments
        List<ListElementIndex> segments = c.covered().size() < 2 || c.typeChanged() || c.dropped() ? List.of(index)
                : twoSegments(c);
        for (boolean negated : new boolean[] {false, true}) {
            ListElementQuery.Answer answer = ListElementQuery.answer(c.table(), segments, c.predicate(), negated, c.limit());
            assertThat(answer.rows()).as("negated=%s plan=%s", negated, answer.plan())
                    .isEqualTo(ListElementQuery.scan(c.table(), bound, negated));
            Statistics.label(negated ? "not-plan" : "plan").collect(negated
                    ? (answer.plan().mode() == Plan.Mode.NOT_USED ? "NOT_USED" : answer.plan().notExact() ? "EXACT" : "REFUSED")
                    : answer.plan().mode().name());
            if (negated && answer.plan().mode() != Plan.Mode.NOT_USED && !answer.plan().notExact()) {
                assertThat(answer.plan().notReason()).matches(
                        "a conjunct is not answered from the keys.*|a conjunct holds a NULL literal|the enumeration limit of \\d+ combinations was reached");
            }
        }
    }

    private static List<ListElementIndex> twoSegments(Case c) {
        Set<Long> first = c.covered().stream().filter(id -> id % 4 == 0).collect(Collectors.toSet());
        Set<Long> second = c.covered().stream().filter(id -> id % 4 != 0).collect(Collectors.toSet());
        return List.of(ListElementIndex.build(c.table(), c.keyIds(), first, c.pageSize()),
                ListElementIndex.build(c.table(), c.keyIds(), second, c.pageSize()));
    }

    /** The same index content under other details (a key whose recorded type no longer matches). */
    private static ListElementIndex withDetails(Case c, ListElementIndexDetails details) {
        return ListElementIndexTestAccess.withDetails(ListElementIndex.build(c.table(), c.keyIds(), c.covered(), c.pageSize()), details);
    }

    /**
     * page_data is "Storage Layout" read directly: one row per element of a covered, live row (its tuple by
     * {@link KeyEncoding#encode}, the all-null tuple for a null element), one null row per null list, sorted nulls
     * first, then by unsigned bytes, ties by row address; page_lookup has each page's first and last values and nulls.
     */
    @Property(tries = 1000)
    void pageDataIsEveryElementsTupleSortedAndPageLookupItsPages(@ForAll("cases") Case c) {
        ListElementIndex index = ListElementIndex.build(c.table(), c.keyIds(), c.covered(), c.pageSize());
        List<ListElementIndex.Entry> expected = expectedPageData(c.table(), c.keyIds(), c.covered());
        assertThat(index.pageData()).isEqualTo(expected);
        assertThat(index.pageLookup()).hasSize((expected.size() + c.pageSize() - 1) / c.pageSize());
        for (ListElementIndex.Page page : index.pageLookup()) {
            List<ListElementIndex.Entry> rows = expected.subList(page.pageIdx() * c.pageSize(),
                    Math.min(expected.size(), (page.pageIdx() + 1) * c.pageSize()));
            assertThat(page.min()).isEqualTo(rows.get(0).values());
            assertThat(page.max()).isEqualTo(rows.get(rows.size() - 1).values());
            assertThat(page.nullCount()).isEqualTo((int) rows.stream().filter(e -> e.values() == null).count());
        }
    }

    /**
     * page_data as the spec orders it, worked element by element: every non-deleted row's elements' key tuples (a
     * null list: one null row), sorted by their encoded values (null first, bytes unsigned), then by row address
     * (unsigned: a fragment id of 2^31 or more sets the address's top bit).
     */
    static List<ListElementIndex.Entry> expectedPageData(IndexedTable table, List<Integer> keyIds, Set<Long> covered) {
        List<Integer> positions = keyIds.stream().map(table.fieldIds()::indexOf).toList();
        List<KeyType> types = positions.stream().map(p -> table.element().fields().get(p).type()).toList();
        List<ListElementIndex.Entry> expected = new ArrayList<>();
        for (IndexedTable.Fragment fragment : table.fragments()) {
            if (!covered.contains(fragment.id())) {
                continue;
            }
            for (int offset = 0; offset < fragment.rows().size(); offset++) {
                long address = IndexedTable.rowAddress(fragment.id(), offset);
                List<Object[]> list = fragment.rows().get(offset);
                if (fragment.deleted().contains(offset)) {
                    continue;
                }
                if (list == null) {
                    expected.add(new ListElementIndex.Entry(null, address));
                    continue;
                }
                for (Object[] element : list) {
                    List<Object> tuple = new ArrayList<>();
                    positions.forEach(p -> tuple.add(element == null ? null : element[p]));
                    expected.add(new ListElementIndex.Entry(KeyEncoding.encode(types, tuple), address));
                }
            }
        }
        expected.sort(Comparator.comparing(ListElementIndex.Entry::values, Comparator.nullsFirst(Arrays::compareUnsigned))
                .thenComparing(ListElementIndex.Entry::rowAddress, Long::compareUnsigned));
        return expected;
    }

    @Property(tries = 500)
    void anExactPlanNeedsNoRecheck(@ForAll("cases") Case c) {
        if (!bindable(c) || c.typeChanged() || c.dropped()) {
            return;
        }
        ListElementIndex index = ListElementIndex.build(c.table(), c.keyIds(), c.covered(), c.pageSize());
        List<Integer> positions = c.keyIds().stream().map(c.table().fieldIds()::indexOf).toList();
        BoundPredicate bound = BoundPredicate.of(c.predicate(), c.table().element());
        Plan plan = ListElementPlanner.plan(bound.predicate(), c.table().element(), positions, c.limit());
        if (plan.mode() != Plan.Mode.EXACT) {
            return;
        }
        IndexedTable covered = new IndexedTable(c.table().element(), c.table().fieldIds(), c.table().fragments().stream()
                .filter(f -> c.covered().contains(f.id())).toList());
        Set<Long> found = new HashSet<>(index.search(plan.ranges()).rows());
        assertThat(found).isEqualTo(ListElementQuery.scan(covered, bound, false).stream()
                .collect(Collectors.toSet()));
    }
}
