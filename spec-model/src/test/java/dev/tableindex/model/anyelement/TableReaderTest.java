package dev.tableindex.model.anyelement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table read from a file row by row is the table read from its text; a file that is no table is said so. */
class TableReaderTest {
    private static final String TABLE = """
            {"column": "detections", "element": [{"name": "label", "type": "string"}, {"name": "n", "type": "int32"}],
             "rows": [[{"label": "car", "n": 1}, null], null, [], [{"label": null, "n": 7}]]}""";

    @Test
    void aFileIsReadAsItsText(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("t.json"), TABLE);
        TableReader reader = TableReader.of(file);
        TableReader.Header header = reader.header();
        assertThat(header.rowCount()).isEqualTo(4);
        assertThat(header.column().asText()).isEqualTo("detections");
        List<String> rows = new ArrayList<>();
        reader.rows(ListTable.element(header).schema(), (offset, list) -> rows.add(offset + " " + render(list)));
        ListTable held = ListTable.fromJson(TABLE);
        List<String> expected = new ArrayList<>();
        for (int r = 0; r < held.rows().size(); r++) {
            expected.add(r + " " + render(held.rows().get(r)));
        }
        assertThat(rows).containsExactlyElementsOf(expected).hasSize(4);
        assertThat(AnyElement.evaluate(TableReader.of(file), "label = 'car'", false))
                .isEqualTo(AnyElement.evaluate(held, "label = 'car'", false))
                .containsExactly(TruthValue.TRUE, TruthValue.UNKNOWN, TruthValue.FALSE, TruthValue.UNKNOWN);
    }

    @Test
    void aFolderOrAMissingFileIsRefusedNamingIt(@TempDir Path dir) {
        assertThatThrownBy(() -> TableReader.of(dir).header()).isInstanceOf(ListTable.TableException.class)
                .hasMessage(dir + ": is a folder, not a file");
        assertThatThrownBy(() -> TableReader.of(dir.resolve("absent.json")).header()).isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void aBadTableIsRefusedBeforeAnyRowIsHandedOver(@TempDir Path dir) throws Exception {
        // the first pass reads the whole text: a syntax error after the rows is found before any row is read
        Path file = Files.writeString(dir.resolve("t.json"), TABLE.replace("]]}", "]], }"));
        List<Integer> handed = new ArrayList<>();
        assertThatThrownBy(() -> AnyElement.evaluate(TableReader.of(file), "label = 'car'", false))
                .isInstanceOf(ListTable.TableException.class).hasMessageStartingWith("table: not JSON: ")
                .hasMessageContaining("line 2");
        TableReader reader = TableReader.of(Files.writeString(dir.resolve("u.json"), TABLE.replace("\"n\": 7", "\"n\": \"7x\"")));
        assertThatThrownBy(() -> reader.rows(ListTable.element(reader.header()).schema(), (offset, list) -> handed.add(offset)))
                .isInstanceOf(ListTable.TableException.class).hasMessageStartingWith("row 3");
        assertThat(handed).containsExactly(0, 1, 2);
    }

    private static String render(List<Object[]> list) {
        return list == null ? "null" : list.stream().map(e -> e == null ? "null" : java.util.Arrays.toString(e)).toList().toString();
    }
}
