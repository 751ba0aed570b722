package dev.tableindex.tck.mutants;

import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceFileWriter;
import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Mutants of the files a list element index segment writes ("Storage Layout", capability
 * list_element_index.files): each builds as the reference does, replies as it does, and then writes its
 * files with one flaw, so only a kit that reads the files catches it.
 */
public final class ListIndexFileMutants {
    private ListIndexFileMutants() {
    }

    /** The reference's build, then {@link #change} on the directory the reference wrote its files into. */
    abstract static class FilesMutant extends ListIndexMutants.Base {
        FilesMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        @Override
        BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
            BuildListIndexResult built = reference.buildListIndex(request);
            if (!request.getIndexDirectory().isEmpty()) {
                Path directory = Path.of(request.getIndexDirectory());
                change(directory, TargetBTreeFiles.read(directory));
            }
            return built;
        }

        abstract void change(Path directory, TargetBTreeFiles.Contents written);

        /** Rewrites the two files from the contents with the given column types and nullability. */
        static void write(Path directory, TargetBTreeFiles.Contents contents, LanceType values, boolean idsNullable,
                LanceType counts) {
            List<Object> value = new ArrayList<>();
            List<Object> ids = new ArrayList<>();
            contents.entries().forEach(e -> {
                value.add(e.values());
                ids.add(e.rowAddress());
            });
            List<Object> min = new ArrayList<>();
            List<Object> max = new ArrayList<>();
            List<Object> nullCount = new ArrayList<>();
            List<Object> pageIdx = new ArrayList<>();
            contents.pages().forEach(p -> {
                min.add(p.min());
                max.add(p.max());
                nullCount.add((long) p.nullCount());
                pageIdx.add((long) p.pageIdx());
            });
            LanceFileWriter.write(directory.resolve(TargetBTreeFiles.PAGE_DATA), List.of(
                    new LanceColumn("values", values, true, value), new LanceColumn("ids", LanceType.UINT64, idsNullable, ids)),
                    Map.of());
            LanceFileWriter.write(directory.resolve(TargetBTreeFiles.PAGE_LOOKUP), List.of(
                    new LanceColumn("min", values, true, min), new LanceColumn("max", values, true, max),
                    new LanceColumn("null_count", counts, false, nullCount), new LanceColumn("page_idx", counts, false, pageIdx)),
                    Map.of(TargetBTreeFiles.BATCH_SIZE, Integer.toString(contents.batchSize().orElse(ListElementIndex.DEFAULT_PAGE_SIZE))));
        }

        static void move(Path from, Path to) {
            try {
                Files.move(from, to);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public static final class WritesOwnDetailsFile extends FilesMutant {
        public WritesOwnDetailsFile() {
            super("mutant-writes-own-details-file", "writes the segment's details into a file of its own beside the BTree's",
                    "LEI-R040");
        }

        @Override
        void change(Path directory, TargetBTreeFiles.Contents written) {
            try {
                Files.write(directory.resolve("list_element_details.binpb"), new byte[] {0x0A, 0x00});
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public static final class PartFileNames extends FilesMutant {
        public PartFileNames() {
            super("mutant-part-file-names", "leaves the files under a fragment-scoped build's part_<n>_ names, never merged",
                    "LEI-R040");
        }

        @Override
        void change(Path directory, TargetBTreeFiles.Contents written) {
            for (String name : List.of(TargetBTreeFiles.PAGE_DATA, TargetBTreeFiles.PAGE_LOOKUP)) {
                move(directory.resolve(name), directory.resolve("part_0_" + name));
            }
        }
    }

    public static final class LargeBinaryValues extends FilesMutant {
        public LargeBinaryValues() {
            super("mutant-large-binary-values", "writes values, min and max as large_binary, not Binary", "LEI-R040", "LEI-R042");
        }

        @Override
        void change(Path directory, TargetBTreeFiles.Contents written) {
            write(directory, written, LanceType.LARGE_BINARY, false, LanceType.UINT32);
        }
    }

    /** Lance's own code declares ids nullable (lance-source-facts.md §4); the spec's schema does not. */
    public static final class NullableIds extends FilesMutant {
        public NullableIds() {
            super("mutant-nullable-ids", "declares page_data's ids nullable", "LEI-R042");
        }

        @Override
        void change(Path directory, TargetBTreeFiles.Contents written) {
            write(directory, written, LanceType.BINARY, true, LanceType.UINT32);
        }
    }

    public static final class SignedLookupCounts extends FilesMutant {
        public SignedLookupCounts() {
            super("mutant-signed-lookup-counts", "writes page_lookup's null_count and page_idx as int32", "LEI-R042");
        }

        @Override
        void change(Path directory, TargetBTreeFiles.Contents written) {
            write(directory, written, LanceType.BINARY, false, LanceType.INT32);
        }
    }

    /** The reply is right; only the file leaves out the rows of null lists. */
    public static final class FilesWithoutNullLists extends FilesMutant {
        public FilesWithoutNullLists() {
            super("mutant-files-without-null-lists", "leaves the null lists' rows out of page_data.lance (its reply keeps them)",
                    "LEI-R048");
        }

        @Override
        void change(Path directory, TargetBTreeFiles.Contents written) {
            List<ListElementIndex.Entry> kept = written.entries().stream().filter(e -> e.values() != null).toList();
            write(directory, new TargetBTreeFiles.Contents(kept, written.pages(), written.batchSize()), LanceType.BINARY, false,
                    LanceType.UINT32);
        }
    }
}
