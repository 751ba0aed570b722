package dev.tableindex.tck.steps;

import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DeletionFile;
import io.cucumber.java.en.Then;
import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The deletion files the engine wrote, read by the kit: "{root}/_deletions/{fragment_id}-{read_version}-{id}.{extension}",
 * ARROW_ARRAY "A single Int32Array of deleted row offsets, stored as an Arrow IPC file with one batch and one
 * column. Has a .arrow extension", BITMAP "A Roaring Bitmap of deleted row offsets. Has a .bin extension."
 */
public final class DeletionFileSteps {

    /**
     * The documents require no deletion file for a delete: an engine may rewrite the fragment's live rows into a
     * new fragment (a new id: an id never names another fragment, IL-0031) and list no deletion file. Then the
     * fragment is gone, and the scenario's counts judge its rows.
     */
    @Then("fragment {long}, unless the engine rewrote it, has the deleted offsets {string}")
    public void deletedOffsetsUnlessRewritten(long fragmentId, String offsets) {
        if (TableManifestSteps.liveFragments(TableScenario.current().latestManifest()).contains(fragmentId)) {
            deletedOffsets(fragmentId, offsets);
        }
    }

    private static void deletedOffsets(long fragmentId, String offsets) {
        DataFragment fragment = TableScenario.current().latestManifest().manifest().getFragmentsList().stream()
                .filter(f -> f.getId() == fragmentId).findFirst()
                .orElseThrow(() -> new AssertionError("the table has no fragment " + fragmentId));
        if (!fragment.hasDeletionFile()) {
            throw new AssertionError("fragment " + fragmentId + " has no deletion file");
        }
        TableManifestSteps.assertSet("deleted offsets of fragment " + fragmentId, TableManifestSteps.parseIds(offsets),
                read(fragment));
    }

    /**
     * Every version keeps reading as it was written: each deletion file any version lists is at its path and
     * holds the num_deleted_rows that version records. DeletionFile.id is "An opaque id used to differentiate this
     * file from others written by concurrent writers": two writers that read the same version and delete in one
     * fragment write two files, never one over the other.
     */
    @Then("every deletion file that any version of the table lists is named and written as that version says")
    public void everyDeletionFileOfEveryVersion() {
        for (ManifestFile version : TableScenario.current().versions()) {
            for (DataFragment fragment : version.manifest().getFragmentsList()) {
                if (fragment.hasDeletionFile()) {
                    try {
                        read(fragment);
                    } catch (AssertionError e) {
                        throw new AssertionError("version " + Long.toUnsignedString(version.version()) + ": "
                                + e.getMessage(), e);
                    }
                }
            }
        }
    }

    @Then("every deletion file is named and written as the table format says")
    public void everyDeletionFile() {
        for (DataFragment fragment : TableScenario.current().latestManifest().manifest().getFragmentsList()) {
            if (fragment.hasDeletionFile()) {
                read(fragment);
            }
        }
    }

    /** ARROW_ARRAY: "A single Int32Array of deleted row offsets" (signed 32-bit, not another integer type). */
    @Then("every Arrow deletion file holds its offsets as an Int32 array")
    public void arrowDeletionFilesAreInt32() {
        for (DataFragment fragment : TableScenario.current().latestManifest().manifest().getFragmentsList()) {
            if (!fragment.hasDeletionFile() || fragment.getDeletionFile().getFileType() != DeletionFile.DeletionFileType.ARROW_ARRAY) {
                continue;
            }
            read(fragment);
            String name = fileName(fragment);
            String shown = shownName(fragment);
            try (BufferAllocator allocator = new RootAllocator();
                    SeekableByteChannel channel = Files.newByteChannel(TableScenario.current().dataset().resolve("_deletions").resolve(name));
                    ArrowFileReader reader = new ArrowFileReader(channel, allocator, CommonsCompressionFactory.INSTANCE)) {
                ArrowType type = reader.getVectorSchemaRoot().getSchema().getFields().get(0).getType();
                if (!type.equals(new ArrowType.Int(32, true))) {
                    throw new AssertionError("_deletions/" + shown + " holds its offsets as " + type + ", not as an Int32Array");
                }
            } catch (IOException e) {
                throw new AssertionError("cannot read _deletions/" + shown + ": " + e.getMessage());
            }
        }
    }

    /**
     * reader_feature_flags, "1 << 0: deletion files are present": every version of the table that lists a
     * deletion file sets that reader flag. The writer word is not judged: "the values of reader_feature_flags
     * and writer_feature_flags are not required to be identical".
     */
    @Then("every version of the table that has a deletion file sets reader feature flag 1")
    public void deletionFilesFlagged() {
        for (ManifestFile file : TableScenario.current().versions()) {
            Manifest manifest = file.manifest();
            List<Long> withFile = manifest.getFragmentsList().stream().filter(DataFragment::hasDeletionFile)
                    .map(DataFragment::getId).toList();
            if (!withFile.isEmpty() && (manifest.getReaderFeatureFlags() & 1L) == 0) {
                throw new AssertionError("version " + Long.toUnsignedString(file.version())
                        + " lists deletion files (fragments " + withFile + ") but its reader feature flags "
                        + Long.toUnsignedString(manifest.getReaderFeatureFlags())
                        + " do not set 1 << 0 (deletion files are present)");
            }
        }
    }

    /**
     * DeletionFile.read_version, "The version of the dataset this deletion file was built from": the commit
     * that first lists a deletion file built it from the version that commit read, the one before it (the
     * scenario's writes are sequential). A file is known by its path, which holds the read_version.
     */
    @Then("every deletion file records as read_version the version its commit read")
    public void readVersionIsVersionRead() {
        Set<String> listed = new HashSet<>();
        for (ManifestFile file : TableScenario.current().versions()) {
            long version = file.version();
            for (DataFragment fragment : file.manifest().getFragmentsList()) {
                if (!fragment.hasDeletionFile() || !listed.add(fileName(fragment))) {
                    continue;
                }
                long readVersion = fragment.getDeletionFile().getReadVersion();
                if (readVersion != version - 1) {
                    throw new AssertionError("the deletion file of fragment " + fragment.getId() + " first listed by version "
                            + Long.toUnsignedString(version) + " records read_version " + Long.toUnsignedString(readVersion)
                            + "; that commit read version " + Long.toUnsignedString(version - 1));
                }
            }
        }
    }


    /** The deleted offsets of {@code fragment}, checked against what its deletion file records. */
    private static Set<Long> read(DataFragment fragment) {
        DeletionFile file = fragment.getDeletionFile();
        if (file.getFileType() == DeletionFile.DeletionFileType.UNRECOGNIZED) {
            throw new AssertionError("fragment " + fragment.getId() + " has a deletion file of unknown type "
                    + file.getFileTypeValue());
        }
        Path path = TableScenario.current().dataset().resolve("_deletions").resolve(fileName(fragment));
        String name = shownName(fragment);
        if (!Files.isRegularFile(path)) {
            throw new AssertionError("the deletion file of fragment " + fragment.getId() + " is not at _deletions/" + name);
        }
        Set<Long> offsets = file.getFileType() == DeletionFile.DeletionFileType.BITMAP ? bitmap(path, name) : arrow(path, name);
        if (offsets.size() != file.getNumDeletedRows()) {
            throw new AssertionError("_deletions/" + name + " holds " + offsets.size() + " offsets, num_deleted_rows says "
                    + file.getNumDeletedRows());
        }
        for (long offset : offsets) {
            if (offset < 0 || offset >= fragment.getPhysicalRows()) {
                throw new AssertionError("_deletions/" + name + " deletes offset " + offset + " of a fragment of "
                        + fragment.getPhysicalRows() + " rows");
            }
        }
        return offsets;
    }

    /** {fragment_id}-{read_version}-{id}.{extension}; read_version and id are uint64, written as unsigned decimals. */
    private static String fileName(DataFragment fragment) {
        DeletionFile file = fragment.getDeletionFile();
        String extension = file.getFileType() == DeletionFile.DeletionFileType.BITMAP ? "bin" : "arrow";
        return fragment.getId() + "-" + Long.toUnsignedString(file.getReadVersion()) + "-"
                + Long.toUnsignedString(file.getId()) + "." + extension;
    }

    /** The file name as messages show it: the random id masked, so a conformance page reads the same on every run. */
    private static String shownName(DataFragment fragment) {
        return fileName(fragment).replace("-" + Long.toUnsignedString(fragment.getDeletionFile().getId()) + ".", "-<id>.");
    }

    private static Set<Long> bitmap(Path path, String name) {
        try {
            return new TreeSet<>(FragmentCoverage.fromBytes(Files.readAllBytes(path)).fragmentIds()
                    .orElseThrow(() -> new AssertionError("_deletions/" + name + " is empty, not a Roaring bitmap")));
        } catch (IOException e) {
            throw new AssertionError("cannot read _deletions/" + name + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw new AssertionError("_deletions/" + name + " is not a Roaring bitmap: " + e.getMessage());
        }
    }

    private static Set<Long> arrow(Path path, String name) {
        Set<Long> offsets = new TreeSet<>();
        try (BufferAllocator allocator = new RootAllocator();
                SeekableByteChannel channel = Files.newByteChannel(path);
                ArrowFileReader reader = new ArrowFileReader(channel, allocator, CommonsCompressionFactory.INSTANCE)) {
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            if (root.getSchema().getFields().size() != 1) {
                throw new AssertionError("_deletions/" + name + " has " + root.getSchema().getFields().size()
                        + " columns, expected one Int32 column");
            }
            int batches = reader.getRecordBlocks().size();
            if (batches != 1) {
                throw new AssertionError("_deletions/" + name + " has " + batches + " batches, expected one");
            }
            reader.loadNextBatch();
            // the values are read whatever the integer type; the type is the step "... as Int32 arrays"
            if (!(root.getVector(0) instanceof BaseIntVector column)) {
                throw new AssertionError("_deletions/" + name + " has a column of type "
                        + root.getSchema().getFields().get(0).getType() + ", expected integer row offsets");
            }
            for (int i = 0; i < column.getValueCount(); i++) {
                if (root.getVector(0).isNull(i) || !offsets.add(column.getValueAsLong(i))) {
                    throw new AssertionError("_deletions/" + name + " has a null or repeated offset at row " + i);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new AssertionError("_deletions/" + name + " is not an Arrow IPC file: " + e.getMessage());
        }
        return offsets;
    }
}
