package dev.tableindex.model.listindex;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.TableJsonText;
import dev.tableindex.model.anyelement.TableReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code tck list-index build} reads its table row by row ({@link ListElementIndex#buildOnNames(TableReader, List,
 * int)}): the segment is the one built from the table held whole, and both are page_data as the spec orders it, for
 * fragments in any order in the file (ids up to 2^32 - 1), deletions, null lists and null elements; a table or key
 * the held build refuses, the streamed build refuses with the same message. {@code tck list-index query} answers over
 * the table read again, never held, as over the table held.
 */
class StreamedBuildProperties {
    private static final List<Integer> IDS = ListElementIndexProperties.IDS;
    private static final ElementSchema SCHEMA = new ElementSchema(List.of(
            new ElementSchema.Field(ListElementIndexProperties.NAMES.get(0), ListElementIndexProperties.TYPES.get(0)),
            new ElementSchema.Field(ListElementIndexProperties.NAMES.get(1), ListElementIndexProperties.TYPES.get(1)),
            new ElementSchema.Field(ListElementIndexProperties.NAMES.get(2), ListElementIndexProperties.TYPES.get(2)),
            new ElementSchema.Field(ListElementIndexProperties.NAMES.get(3), ListElementIndexProperties.TYPES.get(3))));

    /** {@code badRow}: row 0 of the first fragment given in the file has a string where an int32 belongs. */
    record Case(IndexedTable table, boolean asRows, List<String> keyNames, int pageSize, boolean badRow) {
        @Override
        public String toString() {
            return "keys " + keyNames + " page " + pageSize + " fragments "
                    + table.fragments().stream().map(IndexedTable.Fragment::id).toList() + (asRows ? " as rows" : "")
                    + (badRow ? " bad row" : "");
        }

        String json() {
            JsonNodeFactory json = JsonNodeFactory.instance;
            ObjectNode root = json.objectNode();
            root.set("element", TableJsonText.element(table.element(), table.fieldIds()));
            if (asRows) {
                root.set("rows", rows(table.fragments().get(0)));
            } else {
                ArrayNode fragments = root.putArray("fragments");
                for (IndexedTable.Fragment fragment : table.fragments()) {
                    ObjectNode f = fragments.addObject().put("id", fragment.id());
                    f.set("rows", rows(fragment));
                    ArrayNode deleted = f.putArray("deleted");
                    fragment.deleted().forEach(deleted::add);
                }
            }
            return TableJsonText.text(root);
        }

        private ArrayNode rows(IndexedTable.Fragment fragment) {
            ArrayNode rows = TableJsonText.rows(table.element(), fragment.rows());
            if (badRow && fragment == table.fragments().get(0)) {
                rows.insert(0, JsonNodeFactory.instance.arrayNode().add(JsonNodeFactory.instance.objectNode().put("n", "seven")));
            }
            return rows;
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Long> id = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(1, Arbitraries.of(0L, 1L, 2_147_483_647L, 2_147_483_648L, 4_294_967_295L)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(0, 4_294_967_295L)));
        Arbitrary<List<IndexedTable.Fragment>> fragments = ListElementIndexProperties.rows().list().ofMinSize(1).ofMaxSize(4)
                .flatMap(all -> id.list().uniqueElements().ofSize(all.size()).flatMap(ids -> {
                    List<Arbitrary<IndexedTable.Fragment>> each = new ArrayList<>();
                    for (int f = 0; f < all.size(); f++) {
                        List<List<Object[]>> rows = all.get(f);
                        long fragmentId = ids.get(f);
                        each.add(Arbitraries.integers().between(0, Math.max(0, rows.size() - 1)).set().ofMaxSize(2)
                                .map(deleted -> new IndexedTable.Fragment(fragmentId, rows, rows.isEmpty() ? Set.of() : deleted)));
                    }
                    return Combinators.combine(each).as(ArrayList::new);
                }));
        Arbitrary<List<String>> keys = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(9, Arbitraries.of(ListElementIndexProperties.NAMES)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just("size")))
                .list().uniqueElements().ofMinSize(1).ofMaxSize(3);
        return Combinators.combine(fragments, Arbitraries.of(false, true), keys, Arbitraries.integers().between(1, 5),
                Arbitraries.frequency(net.jqwik.api.Tuple.of(9, false), net.jqwik.api.Tuple.of(1, true)))
                .as((frags, rowsForm, keyNames, pageSize, badRow) -> {
                    // a table given as "rows" is fragment 0, nothing deleted
                    boolean asRows = rowsForm && frags.size() == 1;
                    List<IndexedTable.Fragment> table = asRows
                            ? List.of(new IndexedTable.Fragment(0, frags.get(0).rows(), Set.of())) : frags;
                    return new Case(new IndexedTable(SCHEMA, IDS, table), asRows, keyNames, pageSize, badRow);
                });
    }

    @Property(tries = 1000)
    void theStreamedBuildIsTheHeldBuild(@ForAll("cases") Case c) {
        String json = c.json();
        String streamed = outcome(() -> ListElementIndex.buildOnNames(TableReader.of(json), c.keyNames(), c.pageSize()));
        String held = outcome(() -> ListElementIndex.buildOnNames(IndexedTable.fromJson(json), c.keyNames(),
                allFragments(c.table()), c.pageSize()));
        assertThat(streamed).isEqualTo(held);
        if (!c.badRow() && !c.keyNames().contains("size")) {
            List<Integer> keyIds = c.keyNames().stream().map(n -> IDS.get(SCHEMA.indexOf(n).orElseThrow())).toList();
            ListElementIndex index = ListElementIndex.buildOnNames(TableReader.of(json), c.keyNames(), c.pageSize());
            assertThat(index.pageData())
                    .isEqualTo(ListElementIndexProperties.expectedPageData(c.table(), keyIds, allFragments(c.table())));
        }
    }

    /** A streamed case with the fragments to cover (perhaps one the table lacks) and a predicate to answer. */
    record QueryCase(Case table, Set<Long> covered, String predicate) {
        @Override
        public String toString() {
            return table + " covered " + covered + " predicate " + predicate;
        }
    }

    @Provide
    Arbitrary<QueryCase> queries() {
        return cases().flatMap(c -> {
            List<Long> ids = c.table().fragments().stream().map(IndexedTable.Fragment::id).toList();
            Arbitrary<Set<Long>> covered = Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(8, Arbitraries.of(ids).set().ofMaxSize(ids.size())),
                    net.jqwik.api.Tuple.of(1, Arbitraries.of(ids).set().ofMaxSize(ids.size()).map(set -> {
                        Set<Long> withMissing = new HashSet<>(set);
                        withMissing.add(ids.stream().mapToLong(Long::longValue).max().orElse(0) == 4_294_967_295L
                                ? 4_294_967_294L - ids.size() : ids.stream().mapToLong(Long::longValue).max().orElse(0) + 1);
                        return withMissing;
                    })));
            List<Integer> keyPositions = c.keyNames().stream().map(ListElementIndexProperties.NAMES::indexOf)
                    .filter(i -> i >= 0).toList();
            Arbitrary<String> predicate = keyPositions.isEmpty() ? Arbitraries.just("n = 7")
                    : ListElementIndexProperties.predicate(keyPositions);
            return Combinators.combine(covered, predicate).as((set, p) -> new QueryCase(c, set, p));
        });
    }

    /**
     * {@code tck list-index query} builds over the chosen fragments from the table read row by row and answers by
     * reading it again ({@link IndexedTable#withoutRows}, {@link IndexedTable#rowsOf}): the segment, the refusal of a
     * fragment the table lacks, and both answers are those of the table held whole.
     */
    @Property(tries = 1000)
    void theStreamedQueryIsTheHeldQuery(@ForAll("queries") QueryCase q) {
        String json = q.table().json();
        String streamed = outcome(() -> ListElementIndex.buildOnNames(TableReader.of(json), q.table().keyNames(), q.covered(),
                q.table().pageSize()).index());
        String held = outcome(() -> {
            IndexedTable table = IndexedTable.fromJson(json);
            Set<Long> fragments = allFragments(table);
            q.covered().stream().sorted().filter(id -> !fragments.contains(id)).findFirst().ifPresent(id -> {
                throw new IllegalArgumentException("the table has no fragment " + id + " (its fragments: "
                        + new java.util.TreeSet<>(fragments) + ")");
            });
            return ListElementIndex.buildOnNames(table, q.table().keyNames(), q.covered(), q.table().pageSize());
        });
        assertThat(streamed).isEqualTo(held);
        if (streamed.startsWith("refused: ")) {
            return;
        }
        ListElementIndex.Streamed built = ListElementIndex.buildOnNames(TableReader.of(json), q.table().keyNames(),
                q.covered(), q.table().pageSize());
        IndexedTable whole = IndexedTable.fromJson(json);
        IndexedTable.Rows rows = sink -> IndexedTable.read(TableReader.of(json), sink);
        for (boolean negated : new boolean[] {false, true}) {
            String fromFile = answer(() -> ListElementQuery.answer(built.table(), rows, List.of(built.index()), q.predicate(),
                    negated, 1000));
            String fromHeld = answer(() -> ListElementQuery.answer(whole, List.of(built.index()), q.predicate(), negated, 1000));
            assertThat(fromFile).as("negated=%s", negated).isEqualTo(fromHeld);
        }
    }

    private static String answer(Supplier<ListElementQuery.Answer> query) {
        try {
            ListElementQuery.Answer answer = query.get();
            return answer.plan() + " " + answer.pagesRead() + " " + answer.rows();
        } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
        }
    }

    /** The layout is read last, and refuses a key that is one of its other fields, as the held build does. */
    @Example
    void aKeyOnAnOtherFieldIsRefusedAsTheHeldBuildRefusesIt() {
        String json = """
                {"element": [{"name": "label", "type": "string", "id": 1}], "list_type": "LargeList",
                 "other_fields": [{"name": "price", "arrow": "Decimal128(10, 2)", "id": 2}],
                 "rows": [[{"label": "car"}], null]}""";
        String held = outcome(() -> ListElementIndex.buildOnNames(IndexedTable.fromJson(json), List.of("price"), Set.of(0L), 4));
        assertThat(held).startsWith("refused: element field 'price' is Decimal128(10, 2)");
        assertThat(outcome(() -> ListElementIndex.buildOnNames(TableReader.of(json), List.of("price"), 4))).isEqualTo(held);
        String badLayout = json.replace("LargeList", "Map");
        assertThat(outcome(() -> ListElementIndex.buildOnNames(TableReader.of(badLayout), List.of("price"), 4)))
                .isEqualTo(outcome(() -> ListElementIndex.buildOnNames(IndexedTable.fromJson(badLayout), List.of("price"), Set.of(0L), 4)))
                .startsWith("refused: $.list_type: ");
        assertThat(outcome(() -> ListElementIndex.buildOnNames(TableReader.of(json), List.of("label"), 4)))
                .isEqualTo(outcome(() -> ListElementIndex.buildOnNames(IndexedTable.fromJson(json), List.of("label"), Set.of(0L), 4)));
    }

    private static Set<Long> allFragments(IndexedTable table) {
        return new HashSet<>(table.fragments().stream().map(IndexedTable.Fragment::id).toList());
    }

    /** The segment (details, covered fragments, page_data, page_lookup) as text, or the refusal's message. */
    private static String outcome(Supplier<ListElementIndex> build) {
        try {
            ListElementIndex index = build.get();
            StringBuilder text = new StringBuilder(index.details() + " " + index.coveredFragments() + "\n");
            index.pageData().forEach(e -> text.append(e.values() == null ? "null" : java.util.HexFormat.of().formatHex(e.values()))
                    .append(' ').append(Long.toUnsignedString(e.rowAddress())).append('\n'));
            index.pageLookup().forEach(p -> text.append(p.min() == null ? "null" : java.util.HexFormat.of().formatHex(p.min()))
                    .append(' ').append(p.max() == null ? "null" : java.util.HexFormat.of().formatHex(p.max()))
                    .append(' ').append(p.nullCount()).append(' ').append(p.pageIdx()).append('\n'));
            return text.toString();
        } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
        }
    }
}
