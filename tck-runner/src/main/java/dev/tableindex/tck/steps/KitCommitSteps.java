package dev.tableindex.tck.steps;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.tck.golden.KitCommits;
import io.cucumber.java.en.Given;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The kit commits a version of the engine's dataset itself, changing one thing in the manifest the
 * engine wrote, as another writer (or a newer one) could. The engine is then judged as a reader or
 * writer of that version. Data and index files stay the engine's own (one step adds a Lance 2.0 data file
 * of the kit's beside them). The commits themselves are
 * {@link KitCommits} (shared with the generator of golden-files/reference-tables).
 */
public final class KitCommitSteps {
    /** The key under which {@link #lance20Fragment} remembers the DataFile it committed. */
    static final String LANCE_20_DATA_FILE = "the kit's Lance 2.0 data file";

    @Given("the kit commits a version with reader feature flag {long} set")
    public void readerFlag(long bit) {
        commit(KitCommits.readerFlag(bit));
    }

    @Given("the kit commits a version with writer feature flag {long} set")
    public void writerFlag(long bit) {
        commit(KitCommits.writerFlag(bit));
    }

    @Given("the kit commits a version with reader and writer feature flag {long} set")
    public void readerAndWriterFlag(long bit) {
        commit(KitCommits.readerAndWriterFlag(bit));
    }

    @Given("the kit commits a version where index {string} has index_version {int}")
    public void indexVersion(String name, int version) {
        commitIndexes(name, entry -> entry.setIndexVersion(version));
    }

    @Given("the kit commits a version where index {string} has the details type URL {string}")
    public void detailsType(String name, String typeUrl) {
        commitIndexes(name, entry -> entry.setIndexDetails(Any.newBuilder().setTypeUrl(typeUrl)));
    }

    @Given("the kit commits a version where index {string} has empty fragment_bitmap bytes")
    public void unknownCoverage(String name) {
        commitIndexes(name, entry -> entry.setFragmentBitmap(ByteString.EMPTY));
    }

    /**
     * Sizes unknown in both forms: the legacy entries list no files, and IndexV2 files (if any) have
     * file_size 0, which means unknown as for DataFile.file_size_bytes (docs/decisions/0004).
     */
    @Given("the kit commits a version where index {string} records no file sizes")
    public void noFileSizes(String name) {
        commit(file -> {
            TableManifestSteps.segments(file, name);
            IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
            section.getIndicesBuilderList().stream().filter(e -> e.getName().equals(name)).forEach(IndexMetadata.Builder::clearFiles);
            section.getIndicesV2BuilderList().stream().filter(e -> e.getName().equals(name))
                    .forEach(e -> e.getFilesBuilderList().forEach(f -> f.setFileSize(0)));
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        });
    }

    @Given("the kit commits a version where index {string} is on field ids {string} carrying {string}")
    public void coveringFields(String name, String fields, String carried) {
        commit(file -> {
            TableManifestSteps.segments(file, name);
            return KitCommits.coveringFields(name, TableManifestSteps.parseIdsInOrder(fields),
                    TableManifestSteps.parseIdsInOrder(carried)).apply(file);
        });
    }

    /**
     * DataFragment: "If column exists in the schema of a dataset, but the file for that column does not exist
     * within a DataFragment of that dataset, that column consists entirely of nulls." The kit adds a nullable
     * top-level column to the schema, a copy of column {@code like}'s field (type, encoding) under a new name
     * and a field id that no field of the schema and no data file has used, and writes no data for it.
     */
    @Given("the kit commits a version whose schema has a new column {string} like {string}, in no data file")
    public void columnInNoDataFile(String name, String like) {
        commit(file -> KitCommits.manifest(m -> {
            Field model = TableManifestSteps.topLevelField(file, like);
            if (m.getFieldsList().stream().anyMatch(f -> f.getParentId() == model.getId())) {
                throw new IllegalArgumentException("column " + like + " has child fields; the step copies a leaf column");
            }
            int used = m.getFieldsList().stream().mapToInt(Field::getId).max().orElse(-1);
            for (DataFragment fragment : m.getFragmentsList()) {
                for (DataFile data : fragment.getFilesList()) {
                    used = Math.max(used, data.getFieldsList().stream().mapToInt(Integer::intValue).max().orElse(-1));
                }
            }
            return m.addFields(model.toBuilder().setName(name).setId(used + 1).setParentId(-1).setNullable(true));
        }).apply(file));
    }

    /**
     * A version whose fragment list names one more fragment (the next id, one data file the kit does not
     * write): for scenarios that ask only what the engine's reader makes of the index metadata, never rows.
     */
    @Given("the kit commits a version that lists a new fragment of {long} rows, without its data")
    public void listedFragment(long rows) {
        commit(KitCommits.manifest(m -> {
            long id = m.getFragmentsList().stream().mapToLong(DataFragment::getId).max().orElse(-1) + 1;
            List<Integer> fields = m.getFieldsList().stream().filter(f -> f.getParentId() == -1)
                    .map(f -> f.getId()).toList();
            m.addFragments(DataFragment.newBuilder().setId(id).setPhysicalRows(rows)
                    .addFiles(DataFile.newBuilder().setPath("listed-by-the-kit-without-data.lance")
                            .addAllFields(fields).addAllColumnIndices(java.util.stream.IntStream.range(0, fields.size())
                                    .boxed().toList())
                            .setFileMajorVersion(2).setFileMinorVersion(1)));
            return m.setMaxFragmentId((int) Math.max(id, m.hasMaxFragmentId() ? m.getMaxFragmentId() : 0));
        }));
    }

    /**
     * Flag 1 &lt;&lt; 8 (mixed data file versions): another writer adds a fragment whose data file is a real Lance
     * 2.0 file (DataFile version 2.0) holding {@code rows}, while data_format.version stays the engine's (2.1
     * for Lance 7.0.0), and sets the flag in both words ({@link KitCommits#addLance20Fragment}). The DataFile
     * is remembered for {@link TableManifestSteps}.
     */
    @Given("the kit commits a version that adds a fragment in a Lance 2.0 data file, with reader and writer feature flag 256 set:")
    public void lance20Fragment(String rows) {
        TableScenario.current().remember(LANCE_20_DATA_FILE,
                KitCommits.addLance20Fragment(TableScenario.current().dataset(), rows));
    }

    /**
     * As DataFile.column_indices allows (a file's columns in any order), the added Lance 2.0 file stores the
     * table's columns in reverse order; its DataFile lists the fields in schema order with column_indices that
     * say where each is ({@link KitCommits#addLance20Fragment(java.nio.file.Path, String, boolean)}).
     */
    @Given("the kit commits a version that adds a fragment in a Lance 2.0 data file storing its columns in reverse order, with reader and writer feature flag 256 set:")
    public void lance20FragmentReversed(String rows) {
        TableScenario.current().remember(LANCE_20_DATA_FILE,
                KitCommits.addLance20Fragment(TableScenario.current().dataset(), rows, true));
    }

    /** Both forms of the index name these fragments, as a writer that keeps stale ids would (Lance 7.0.0). */
    @Given("the kit commits a version where the segments of {string} cover fragments {string}")
    public void coverage(String name, String ids) {
        commit(file -> {
            TableManifestSteps.segments(file, name);
            return KitCommits.coverage(name, TableManifestSteps.parseIds(ids).stream().mapToLong(Long::longValue)
                    .toArray()).apply(file);
        });
    }

    /** DataFile.file_size_bytes: "When this is zero, it should be interpreted as "unknown"." */
    @Given("the kit commits a version where every data file records the size 0")
    public void unknownDataFileSizes() {
        commit(KitCommits.unknownDataFileSizes());
    }

    private static void commitIndexes(String name, UnaryOperator<IndexMetadata.Builder> change) {
        commit(file -> {
            TableManifestSteps.segments(file, name);
            return KitCommits.legacyEntries(name, change).apply(file);
        });
    }

    /** Commits {@code change(latest)} as the next version of the scenario's dataset ({@link KitCommits#commit}). */
    static void commit(UnaryOperator<ManifestFile> change) {
        KitCommits.commit(TableScenario.current().dataset(), change);
    }
}
