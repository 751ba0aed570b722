package dev.tableindex.model.manifest;

import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.IndexV2File;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A proposed top-level index ({@code IndexV2}, lance-index-v2-design.md) as read from a
 * manifest: ids decoded, each file's coverage decoded. Rules between IndexV2 and the legacy
 * segments belong to the index metadata model, not to this codec.
 */
public record IndexV2Entry(
        UUID id,
        String name,
        List<Integer> fieldIds,
        String indexTypeId,
        Optional<String> configTypeUrl,
        List<File> files,
        IndexV2 proto) {

    /** One immutable file of the index. */
    public record File(UUID id, long fileSize, FragmentCoverage coverage) {
    }

    static IndexV2Entry decode(IndexV2 entry, String fieldPath, FieldSite at) {
        UUID id = uuid(entry.getId().toByteArray(), fieldPath + ".id", at, 1);
        List<File> files = new ArrayList<>();
        for (int i = 0; i < entry.getFilesCount(); i++) {
            IndexV2File file = entry.getFiles(i);
            String path = fieldPath + ".files[" + i + "]";
            FieldSite fileSite = at.child(6, i);
            files.add(new File(
                    uuid(file.getId().toByteArray(), path + ".id", fileSite, 1),
                    file.getFileSize(),
                    fileSite.coverage(file.getFragmentBitmap().toByteArray(), path + ".fragment_bitmap", 3)));
        }
        return new IndexV2Entry(id, entry.getName(), List.copyOf(entry.getFieldIdsList()), entry.getIndexTypeId(),
                entry.hasIndexConfig() ? Optional.of(entry.getIndexConfig().getTypeUrl()) : Optional.empty(),
                List.copyOf(files), entry);
    }

    private static UUID uuid(byte[] raw, String fieldPath, FieldSite at, int fieldNumber) {
        if (raw.length != 16) {
            throw at.error(ManifestProblem.INVALID_FIELD, fieldPath, fieldNumber,
                    "id has " + raw.length + " bytes, expected 16");
        }
        return IndexSegment.uuidFromBytes(raw);
    }
}
