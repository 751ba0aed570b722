package dev.tableindex.tck.steps;

import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.IndexFile;
import io.cucumber.java.en.Then;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the engine records of each index segment it writes, judged on the manifest and the files: when it was
 * created (IndexMetadata.created_at), the files it lists and where they are (IndexMetadata.files,
 * IndexFile), the columns it carries (covering_fields) and the size of its details (index_details).
 */
public final class IndexRecordSteps {
    /** How far a created_at may lie outside the kit's clock readings around the request (clocks, rounding). */
    private static final long SLACK_MILLIS = 1_000;

    private static ManifestFile manifest() {
        return TableScenario.current().latestManifest();
    }

    /**
     * created_at: "Timestamp when the index was created (UTC timestamp in milliseconds since epoch)"; "This
     * field is optional for backward compatibility". A segment the last operation added (its uuid was not in
     * the manifest before) that records one records a time in milliseconds between the kit's clock readings
     * around that request.
     */
    @Then("every segment of index {string} that the last operation added records as created_at, if at all, a time during that operation in milliseconds")
    public void createdAtInMillis(String name) {
        TableScenario.LastOperation operation = TableScenario.current().lastOperation();
        List<IndexSegment> named = TableManifestSteps.segments(manifest(), name);
        List<IndexSegment> added = named.stream().filter(s -> !operation.segmentsBefore().contains(s.uuid())).toList();
        if (added.isEmpty()) {
            throw new AssertionError("the last operation added no segment to " + name + "; the scenario expects one");
        }
        for (IndexSegment segment : added) {
            if (segment.createdAtMillis().isEmpty()) {
                continue;
            }
            long createdAt = segment.createdAtMillis().getAsLong();
            if (Long.compareUnsigned(createdAt, operation.startMillis() - SLACK_MILLIS) < 0
                    || Long.compareUnsigned(createdAt, operation.endMillis() + SLACK_MILLIS) > 0) {
                throw new AssertionError(TableManifestSteps.label(named, segment) + " records created_at "
                        + Long.toUnsignedString(createdAt) + ", which is not a time in milliseconds since the epoch"
                        + " during its creation (between " + Instant.ofEpochMilli(operation.startMillis()) + " = "
                        + operation.startMillis() + " and " + Instant.ofEpochMilli(operation.endMillis()) + " = "
                        + operation.endMillis() + ")");
            }
        }
    }

    /**
     * IndexMetadata.files, "List of files and their sizes for this index segment"; IndexFile.path "Path relative
     * to the index directory"; an index file's "filename is derived from this UUID" (the IndexV2 design): the
     * directory of a segment is _indices/&lt;uuid&gt;/. Every file a segment lists is there, of the size listed.
     * A segment that lists no files (sizes unknown) has nothing to check here.
     */
    @Then("every file that an index segment records is in the folder named by its uuid, of the size recorded")
    public void recordedFilesAreInTheirFolder() {
        Path root = TableScenario.current().dataset();
        ManifestFile manifest = manifest();
        for (IndexSegment segment : manifest.segments()) {
            List<IndexSegment> named = TableManifestSteps.segments(manifest, segment.name());
            Path folder = root.resolve("_indices").resolve(segment.uuid().toString());
            for (IndexFile file : segment.files()) {
                Path path = folder.resolve(file.getPath()).normalize();
                if (!path.startsWith(folder) || !Files.isRegularFile(path)) {
                    throw new AssertionError(TableManifestSteps.label(named, segment) + " records the file '"
                            + file.getPath() + "', which is not in its folder _indices/<its uuid>/"
                            + " (the folder holds " + listing(folder) + ")");
                }
                long size = size(path);
                if (size != file.getSizeBytes()) {
                    throw new AssertionError(TableManifestSteps.label(named, segment) + " records " + file.getPath()
                            + " as " + Long.toUnsignedString(file.getSizeBytes()) + " bytes; the file has " + size);
                }
            }
        }
    }

    /** covering_fields: "Empty for an index that carries no extra columns", as every index the kit asks for. */
    @Then("no index segment declares covering fields")
    public void noCoveringFields() {
        ManifestFile manifest = manifest();
        for (IndexSegment segment : manifest.segments()) {
            if (!segment.coveringFields().isEmpty()) {
                throw new AssertionError(TableManifestSteps.label(TableManifestSteps.segments(manifest, segment.name()),
                        segment) + " declares covering_fields " + segment.coveringFields() + ", but the index carries"
                        + " no column besides the one it is keyed on: covering_fields is empty for such an index");
            }
        }
    }

    /** The largest index_details (its serialized size) of each index name in the latest manifest. */
    @Then("the sizes of the index details are remembered as {string}")
    public void rememberDetailSizes(String key) {
        TableScenario.current().remember("details sizes " + key, detailSizes());
    }

    /**
     * index_details: "Indices should avoid putting large amounts of information in this field, as it will bloat
     * the manifest." Every index remembered is in the manifest now, and its details are at most {@code slack}
     * bytes larger than they were.
     */
    @Then("the index details are at most {int} bytes larger than those remembered as {string}")
    public void detailsDoNotGrow(int slack, String key) {
        @SuppressWarnings("unchecked")
        Map<String, Integer> before = (Map<String, Integer>) TableScenario.current().remembered("details sizes " + key);
        Map<String, Integer> now = detailSizes();
        before.forEach((name, size) -> {
            Integer current = now.get(name);
            if (current == null) {
                throw new AssertionError("the manifest has no index " + name + " (indexes: " + now.keySet() + ")");
            }
            if (current > size + slack) {
                throw new AssertionError("the details of " + name + " take " + current + " bytes, " + (current - size)
                        + " more than on the smaller table (" + size + "); an index's details are of its type and"
                        + " configuration, not of its data");
            }
        });
    }

    private static Map<String, Integer> detailSizes() {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        for (IndexSegment segment : manifest().segments()) {
            sizes.merge(segment.name(), segment.proto().getIndexDetails().getSerializedSize(), Math::max);
        }
        return sizes;
    }

    static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new AssertionError("cannot read the size of " + file + ": " + e.getMessage());
        }
    }

    static String listing(Path folder) {
        if (!Files.isDirectory(folder)) {
            return "nothing: there is no such folder";
        }
        try (var files = Files.walk(folder)) {
            List<String> names = files.filter(Files::isRegularFile).map(f -> folder.relativize(f).toString()).sorted().toList();
            return names.isEmpty() ? "no file" : String.join(", ", names);
        } catch (IOException e) {
            throw new AssertionError("cannot list " + folder + ": " + e.getMessage());
        }
    }
}
