package dev.tableindex.tck.steps;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import io.cucumber.java.en.Then;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * What every version the engine wrote says of the table's data files and schema (lance-table.proto, DataFile,
 * Manifest.fields, Manifest.version), judged on the manifests and the files with the kit's own reader.
 */
public final class DataFileSteps {

    /** DataFile.fields: "An object with a value in fields of -1 must not be stored to disk." */
    @Then("no data file of any version of the table lists the field id -1")
    public void noUnassignedFieldIds() {
        eachDataFile((where, file) -> {
            if (file.getFieldsList().contains(-1)) {
                throw new AssertionError(where + " lists fields " + file.getFieldsList() + ": -1 is the id of a field"
                        + " not assigned yet, which must not be stored to disk");
            }
        });
    }

    /**
     * DataFile.column_indices: "If the data file is version 1 then this property will be empty. Otherwise there
     * must be one entry for each field in fields. … The column indices table may not have duplicates (other than
     * -1)". Version 1 is the file version 0.1 or 0.2 ("If both file_major_version and file_minor_version are set
     * to 0, then this is a version 0.1 or version 0.2 file"), out of the kit's scope.
     */
    @Then("every data file of a V2 version in any version of the table has one column index per field, none twice but -1")
    public void oneColumnIndexPerField() {
        eachDataFile((where, file) -> {
            if (isVersion1(file)) {
                return;
            }
            if (file.getColumnIndicesCount() != file.getFieldsCount()) {
                throw new AssertionError(where + " (version " + file.getFileMajorVersion() + "." + file.getFileMinorVersion()
                        + ") lists " + file.getFieldsCount() + " fields " + file.getFieldsList() + " but "
                        + file.getColumnIndicesCount() + " column_indices " + file.getColumnIndicesList()
                        + "; a V2 data file has one entry for each field");
            }
            Set<Integer> seen = new HashSet<>();
            for (int index : file.getColumnIndicesList()) {
                if (index != -1 && !seen.add(index)) {
                    throw new AssertionError(where + " has column_indices " + file.getColumnIndicesList()
                            + ", column " + index + " twice; the table may not have duplicates other than -1");
                }
            }
        });
    }

    /**
     * DataFile.fields: "-2 is used for "tombstoned", meaning a field that is no longer in use. This is often
     * because the original field id was reassigned to a different data file." A field in use is listed by one
     * data file of a fragment: where it moved from, it is -2.
     */
    @Then("no fragment of any version of the table lists a field id in two of its data files")
    public void noFieldInTwoDataFiles() {
        for (ManifestFile version : TableScenario.current().versions()) {
            for (DataFragment fragment : version.manifest().getFragmentsList()) {
                Map<Integer, String> listedBy = new HashMap<>();
                for (DataFile file : fragment.getFilesList()) {
                    for (int field : file.getFieldsList()) {
                        String other = field < 0 ? null : listedBy.putIfAbsent(field, file.getPath());
                        if (other != null) {
                            throw new AssertionError("version " + Long.toUnsignedString(version.version()) + ", fragment "
                                    + fragment.getId() + ": field " + field + " is listed by data files " + other + " and "
                                    + file.getPath() + "; a field that moved to another data file is tombstoned (-2)"
                                    + " where it was");
                        }
                    }
                }
            }
        }
    }

    /**
     * DataFile.path is relative to the dataset ("base_paths[id = 0] + /data/ + file.path" for the dataset's own
     * base); file_size_bytes: "The known size of the file on disk in bytes", 0 meaning unknown.
     */
    @Then("every data file that any version of the table lists is at data\\/ under its path, of the size it records")
    public void dataFilesWhereAndAsBigAsRecorded() {
        Path data = TableScenario.current().dataset().resolve(TableStore.DATA_DIR);
        eachDataFile((where, file) -> {
            if (Path.of(file.getPath()).isAbsolute()) {
                throw new AssertionError(where + " records an absolute path; a data file's path is relative to the"
                        + " dataset (" + TableStore.DATA_DIR + "/ under its base path)");
            }
            Path path = data.resolve(file.getPath()).normalize();
            if (!path.startsWith(data) || !Files.isRegularFile(path)) {
                throw new AssertionError(where + " is not a file at " + TableStore.DATA_DIR + "/" + file.getPath());
            }
            long size = IndexRecordSteps.size(path);
            if (file.getFileSizeBytes() != 0 && file.getFileSizeBytes() != size) {
                throw new AssertionError(where + " records file_size_bytes " + Long.toUnsignedString(file.getFileSizeBytes())
                        + "; the file has " + size + " bytes");
            }
        });
    }

    /** Manifest.version, "Snapshot version number": each manifest holds the version its file is named for. */
    @Then("every manifest of the table records the version its file is named for")
    public void versionsAsNamed() {
        LanceDatasetFolder folder = LanceDatasetFolder.open(TableScenario.current().dataset());
        for (LanceDatasetFolder.Entry entry : folder.manifests()) {
            if (entry.name().detached()) {
                continue;
            }
            long named = entry.name().version();
            long recorded = TableScenario.current().manifest(named).version();
            if (recorded != named) {
                throw new AssertionError("_versions/" + entry.path().getFileName() + " is the manifest of version "
                        + Long.toUnsignedString(named) + " by its name, but records version " + Long.toUnsignedString(recorded));
            }
        }
    }

    /** Manifest.fields: "All fields of the dataset, including the nested fields": a list field and its item field. */
    @Then("every version of the table lists column {string} with a child field for its items")
    public void listsTheItemField(String column) {
        for (ManifestFile version : TableScenario.current().versions()) {
            Field list = TableManifestSteps.topLevelField(version, column);
            List<Field> children = version.manifest().getFieldsList().stream()
                    .filter(f -> f.getParentId() == list.getId()).toList();
            if (children.size() != 1) {
                throw new AssertionError("version " + Long.toUnsignedString(version.version()) + " lists column " + column
                        + " (field " + list.getId() + ", " + list.getLogicalType() + ") with " + children.size()
                        + " child fields " + children.stream().map(Field::getName).toList() + "; the fields of a dataset"
                        + " include the nested ones: a list has one child field, its items");
            }
        }
    }

    /** Every DataFile of every version, with where it is listed ("version 3, fragment 1, data file x.lance"). */
    private static void eachDataFile(BiConsumer<String, DataFile> check) {
        for (ManifestFile version : TableScenario.current().versions()) {
            for (DataFragment fragment : version.manifest().getFragmentsList()) {
                for (DataFile file : fragment.getFilesList()) {
                    check.accept("version " + Long.toUnsignedString(version.version()) + ", fragment " + fragment.getId()
                            + ", data file " + file.getPath(), file);
                }
                for (var overlay : fragment.getOverlaysList()) {
                    check.accept("version " + Long.toUnsignedString(version.version()) + ", fragment " + fragment.getId()
                            + ", overlay data file " + overlay.getDataFile().getPath(), overlay.getDataFile());
                }
            }
        }
    }

    /** A version 1 file: both version numbers 0 (0.1 or 0.2), or the legacy 0.1 and 0.2 spelled out. */
    private static boolean isVersion1(DataFile file) {
        return file.getFileMajorVersion() == 0 && file.getFileMinorVersion() <= 2;
    }
}
