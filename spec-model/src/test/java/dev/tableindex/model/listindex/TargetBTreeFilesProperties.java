package dev.tableindex.model.listindex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.lancefile.LanceFileSummary;
import dev.tableindex.proto.lance.file.Field;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * "Storage Layout": a segment's files are exactly the target BTree's two files, with its names and schemas
 * (LEI-R040, LEI-R042), and they hold the segment's page_data and page_lookup rows.
 */
class TargetBTreeFilesProperties {
    static final ListElementIndexDetails DETAILS = new ListElementIndexDetails(List.of(4),
            List.of("label"), List.of(KeyType.of(KeyType.Kind.BINARY)), ListElementIndexDetails.ARROW_ROW_V1, 1);

    @Provide
    Arbitrary<List<ListElementIndex.Entry>> entries() {
        Arbitrary<byte[]> values = Arbitraries.bytes().array(byte[].class).ofMaxSize(6).injectNull(0.2);
        return Combinators.combine(values, Arbitraries.longs()).as(ListElementIndex.Entry::new).list().ofMaxSize(30)
                .map(list -> list.stream().sorted(Comparator.comparing(ListElementIndex.Entry::values,
                        Comparator.nullsFirst(Arrays::compareUnsigned))).toList());
    }

    @Property(tries = 100)
    void theFilesHoldTheSegmentsRowsUnderTheBTreesNamesAndSchemas(@ForAll("entries") List<ListElementIndex.Entry> entries,
                                                                  @ForAll @IntRange(min = 1, max = 7) int pageSize)
            throws IOException {
        ListElementIndex index = ListElementIndex.of(DETAILS, Set.of(0L), entries, pageSize);
        Path dir = Files.createTempDirectory("target-btree");
        try {
            TargetBTreeFiles.write(dir, index);

            try (Stream<Path> files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .containsExactlyInAnyOrder("page_data.lance", "page_lookup.lance");
            }
            LanceFileSummary data = LanceFileReader.summary(dir.resolve("page_data.lance"));
            assertThat(data.fields()).extracting(TargetBTreeFilesProperties::describe)
                    .containsExactly("values binary nullable", "ids uint64 not null");
            assertThat(data.rows()).isEqualTo(entries.size());
            LanceFileSummary lookup = LanceFileReader.summary(dir.resolve("page_lookup.lance"));
            assertThat(lookup.fields()).extracting(TargetBTreeFilesProperties::describe).containsExactly(
                    "min binary nullable", "max binary nullable", "null_count uint32 not null", "page_idx uint32 not null");
            assertThat(lookup.metadataString("batch_size")).hasValue(Integer.toString(pageSize));
            assertThat(lookup.rows()).isEqualTo((entries.size() + pageSize - 1) / pageSize);

            TargetBTreeFiles.Contents read = TargetBTreeFiles.read(dir);
            assertThat(read.entries()).isEqualTo(index.pageData());
            assertThat(read.batchSize()).hasValue(pageSize);
            assertThat(read.pages()).hasSameSizeAs(index.pageLookup());
            for (int p = 0; p < read.pages().size(); p++) {
                ListElementIndex.Page got = read.pages().get(p);
                ListElementIndex.Page want = index.pageLookup().get(p);
                assertThat(got.min()).isEqualTo(want.min());
                assertThat(got.max()).isEqualTo(want.max());
                assertThat(got.nullCount()).isEqualTo(want.nullCount());
                assertThat(got.pageIdx()).isEqualTo(p);
            }
        } finally {
            delete(dir);
        }
    }

    static String describe(Field field) {
        return field.getName() + " " + field.getLogicalType() + " " + (field.getNullable() ? "nullable" : "not null");
    }

    static void delete(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
            Files.delete(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
