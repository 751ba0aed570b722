package dev.tableindex.model.listindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.anyelement.ListTable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** JSON tables the kit must refuse rather than read one way or another: each refusal names where, never echoes the input. */
class IndexedTableJsonTest {
    private static final String ELEMENT = "\"element\": [{\"name\": \"n\", \"type\": \"double\"}]";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "duplicate key      | {" + ELEMENT + ", \"rows\": [], \"rows\": [[{\"n\": 1}]]}                  | $.rows: the member appears twice",
        "infinite number    | {" + ELEMENT + ", \"rows\": [[{\"n\": 1e400}]]}                             | beyond the range",
        "fragment id 2^32   | {" + ELEMENT + ", \"fragments\": [{\"id\": 4294967296, \"rows\": []}]}     | $.fragments[0].id",
        "fragment id 1.5    | {" + ELEMENT + ", \"fragments\": [{\"id\": 1.5, \"rows\": []}]}            | $.fragments[0].id",
        "deleted object     | {" + ELEMENT + ", \"fragments\": [{\"id\": 0, \"rows\": [[]], \"deleted\": {\"a\": 0}}]} | $.fragments[0].deleted",
        "rows and fragments | {" + ELEMENT + ", \"rows\": [], \"fragments\": []}                          | not both",
        "lone surrogate     | {\"element\": [{\"name\": \"s\", \"type\": \"string\"}], \"rows\": [[{\"s\": \"\\ud800\"}]]} | unpaired surrogate",
        "unknown zone       | {\"element\": [{\"name\": \"t\", \"type\": \"timestamp:us:Mars/Olympus\"}], \"rows\": []} | unknown time zone",
        "not json           | {\"element\": [                                                              | line 1, column",
        "list type          | {" + ELEMENT + ", \"list_type\": \"FixedSizeList\", \"rows\": []}          | $.list_type",
        "view of a double   | {\"element\": [{\"name\": \"n\", \"type\": \"double\", \"arrow\": \"Utf8View\"}], \"rows\": []} | $.element[0].arrow",
        "other field no id  | {" + ELEMENT + ", \"other_fields\": [{\"name\": \"p\", \"arrow\": \"Decimal128(10, 2)\"}], \"rows\": []} | $.other_fields[0]",
        "other field clash  | {\"element\": [{\"name\": \"n\", \"type\": \"double\", \"id\": 3}], \"other_fields\": [{\"name\": \"p\", \"arrow\": \"List<Utf8>\", \"id\": 3}], \"rows\": []} | is another field's",
    })
    void isRefusedNamingWhere(String what, String json, String expected) {
        assertThatThrownBy(() -> IndexedTable.fromJson(json)).as(what).isInstanceOf(ListTable.TableException.class)
                .hasMessageContaining(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("com.fasterxml").doesNotContain("Source:"));
    }

    @org.junit.jupiter.api.Test
    void theArrowLayoutIsRead() {
        IndexedTable table = IndexedTable.fromJson("{\"column\": \"d\", \"list_type\": \"LargeList\", \"element\": ["
                + "{\"name\": \"s\", \"type\": \"string\", \"arrow\": \"Utf8View\", \"id\": 4},"
                + " {\"name\": \"b\", \"type\": \"binary\", \"arrow\": \"BinaryView\", \"id\": 5},"
                + " {\"name\": \"n\", \"type\": \"double\", \"id\": 6}],"
                + " \"other_fields\": [{\"name\": \"p\", \"arrow\": \"Decimal128(10, 2)\", \"id\": 7}], \"rows\": [null]}");
        assertThat(table.layout().largeList()).isTrue();
        assertThat(table.layout().viewFieldIds()).containsExactlyInAnyOrder(4, 5);
        assertThat(table.layout().otherField("p")).hasValue(new IndexedTable.OtherField("p", "Decimal128(10, 2)", 7));
        assertThatThrownBy(() -> ListElementIndex.buildOnNames(table, java.util.List.of("s", "p"), java.util.Set.of(0L), 4096))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'p' is Decimal128(10, 2)");
        assertThat(IndexedTable.fromJson("{" + ELEMENT + ", \"rows\": []}").layout()).isEqualTo(IndexedTable.Layout.PLAIN);
    }

    @org.junit.jupiter.api.Test
    void aHugeBadValueIsNotEchoedWhole() {
        String huge = "x".repeat(1 << 20);
        assertThatThrownBy(() -> IndexedTable.fromJson("{" + ELEMENT + ", \"rows\": [[{\"n\": \"" + huge + "\"}]]}"))
                .isInstanceOf(ListTable.TableException.class)
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(1000));
        assertThatThrownBy(() -> IndexedTable.fromJson("{" + ELEMENT + ", \"rows\": [" + huge + "]}"))
                .isInstanceOf(ListTable.TableException.class)
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(1000));
    }
}
