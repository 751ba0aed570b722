package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.index.ListElementKeyEncoding;
import dev.tableindex.proto.tck.IndexNotUsedReason;
import dev.tableindex.proto.tck.ListIndexSegment;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.tck.api.EngineRefusal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference as a reader of a segment's files (list_element_index.read_files). */
class ReferenceListIndexReaderTest {
    private static final String TABLE = """
            {"column": "d", "element": [{"name": "label", "type": "string", "id": 4}],
             "fragments": [{"id": 0, "rows": [[{"label": "car"}], [{"label": "dog"}]]},
                           {"id": 1, "rows": [null, [{"label": "car"}]]}]}""";

    private static ListElementIndexDetails details(int targetVersion) {
        return ListElementIndexDetails.newBuilder().addKeyFieldIds(4).addKeys("label").addKeyTypes("string")
                .setKeyEncoding(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1)
                .setTargetDetails(Any.newBuilder().setTypeUrl("/lance.table.BTreeIndexDetails")).setTargetIndexVersion(targetVersion)
                .build();
    }

    private static QueryListIndexResult query(Path directory, int targetVersion, boolean negated) {
        return new ReferenceEngine().queryListIndex(QueryListIndexRequest.newBuilder().setTableJson(TABLE)
                .setDetails(details(targetVersion)).setPredicate("label = 'car'").setNegated(negated).setEnumerationLimit(100)
                .addSegments(ListIndexSegment.newBuilder().setDetails(details(targetVersion)).addCoveredFragments(0)
                        .addCoveredFragments(1).setIndexDirectory(directory.toString()))
                .build());
    }

    @Test
    void answersFromTheFilesInTheDirectory(@TempDir Path dir) {
        IndexedTable table = IndexedTable.fromJson(TABLE);
        TargetBTreeFiles.write(dir, ListElementIndex.build(table, List.of(4), Set.of(0L, 1L), 1));
        QueryListIndexResult answer = query(dir, 1, false);
        assertThat(answer.getMode()).isEqualTo("EXACT");
        assertThat(answer.getRowsList()).containsExactly(0L, 1L << 32 | 1);
        assertThat(answer.getPagesRead()).isEqualTo(2);
        assertThat(query(dir, 1, true).getRowsList()).containsExactly(1L);
    }

    @Test
    void refusesFilesItCannotReadAndDoesNotOpenATargetItDoesNotRead(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve(TargetBTreeFiles.PAGE_DATA), new byte[] {1, 2, 3});
        Files.write(dir.resolve(TargetBTreeFiles.PAGE_LOOKUP), new byte[] {1, 2, 3});
        assertThatThrownBy(() -> query(dir, 1, false)).isInstanceOf(EngineRefusal.class)
                .satisfies(e -> assertThat(((EngineRefusal) e).error().getKind()).isEqualTo("BAD_INDEX_FILES"));
        QueryListIndexResult unread = query(dir, 99, false);
        assertThat(unread.getNotUsedReason()).isEqualTo(IndexNotUsedReason.INDEX_NOT_USED_TARGET_VERSION_UNKNOWN);
        assertThat(unread.getRowsList()).containsExactly(0L, 1L << 32 | 1);
    }
}
