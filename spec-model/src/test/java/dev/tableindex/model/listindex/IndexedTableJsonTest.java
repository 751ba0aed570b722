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
    })
    void isRefusedNamingWhere(String what, String json, String expected) {
        assertThatThrownBy(() -> IndexedTable.fromJson(json)).as(what).isInstanceOf(ListTable.TableException.class)
                .hasMessageContaining(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("com.fasterxml").doesNotContain("Source:"));
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
