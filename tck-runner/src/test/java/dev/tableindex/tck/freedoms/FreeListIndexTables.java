package dev.tableindex.tck.freedoms;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.ReferenceEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * The reference as a table writer that commits list element indexes using freedoms the documents give (issue 21:
 * "No scenario fails an engine that uses a freedom the spec gives"), checked by {@link ListIndexFreedomsTest}:
 * <ul>
 *   <li>type URLs with a host, as protobuf's {@code Any.pack} writes them
 *       ({@code type.googleapis.com/lance.index.pb.ListElementIndexDetails}, and so for target_details): an Any
 *       names its message by what follows the last '/', and the list element index names no URL;</li>
 *   <li>pages of its own size: page_lookup over pages of 2 rows (the BTree's batch_size, which "Storage Layout"
 *       leaves to the target), page_data as ever.</li>
 * </ul>
 */
public final class FreeListIndexTables implements TckEngineProvider {
    public static final String NAME = "free-list-index-tables";
    private static final String HOST = "type.googleapis.com";
    private static final int PAGE_SIZE = 2;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public TckEngine start() {
        ReferenceEngine reference = new ReferenceEngine();
        TableLifecycle tables = new FreeTables(reference.facet(TableLifecycle.class));
        return new TckEngine() {
            @Override
            public EngineInfo info() {
                return new EngineInfo(NAME, "0", reference.info().capabilities());
            }

            @Override
            public <F extends Facet> F facet(Class<F> type) {
                return type == TableLifecycle.class ? type.cast(tables) : reference.facet(type);
            }
        };
    }

    private record FreeTables(TableLifecycle reference) implements TableLifecycle {
        @Override
        public ApplyTableOperationResult apply(ApplyTableOperationRequest request) {
            Path root = Path.of(request.getDatasetPath());
            Set<UUID> before = Files.isDirectory(root.resolve("_versions")) ? segments(root) : Set.of();
            ApplyTableOperationResult result = reference.apply(request);
            rewriteNewListIndexSegments(root, before);
            return result;
        }

        @Override
        public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
            return reference.describeIndexes(request);
        }

        @Override
        public CountRowsResult countRows(CountRowsRequest request) {
            return reference.countRows(request);
        }
    }

    private static Set<UUID> segments(Path root) {
        return LanceDatasetFolder.open(root).readLatest().segments().stream().map(IndexSegment::uuid)
                .collect(Collectors.toSet());
    }

    /** Each list element segment the commit added: host-prefixed type URLs, and its files in pages of 2 rows. */
    private static void rewriteNewListIndexSegments(Path root, Set<UUID> before) {
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile latest = folder.readLatest();
        if (latest.indexSection().isEmpty()) {
            return;
        }
        IndexSection.Builder section = latest.indexSection().get().toBuilder();
        boolean changed = false;
        for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
            UUID uuid = IndexSegment.uuidFromBytes(entry.getUuid().getUuid().toByteArray());
            if (before.contains(uuid) || !entry.getIndexDetails().getTypeUrl().equals(IndexTypes.LIST_ELEMENT_URL)) {
                continue;
            }
            entry.setIndexDetails(hosted(entry.getIndexDetails()));
            entry.clearFiles().addAllFiles(repaged(TableStore.indexFolder(root, uuid)));
            changed = true;
        }
        if (!changed) {
            return;
        }
        // IndexV2 says the same details, so that a reader preferring it finds both forms agreeing
        Map<String, Any> details = section.getIndicesList().stream().collect(Collectors.toMap(IndexMetadata::getName,
                IndexMetadata::getIndexDetails, (a, b) -> b));
        section.getIndicesV2BuilderList().stream().filter(i -> details.containsKey(i.getName())
                && IndexTypes.messageName(details.get(i.getName()).getTypeUrl()).equals(
                        IndexTypes.messageName(IndexTypes.LIST_ELEMENT_URL)))
                .forEach(i -> i.setIndexConfig(details.get(i.getName())));
        try {
            Files.write(folder.entry(latest.version()).path(), ManifestWriter.write(
                    ManifestFile.of(latest.manifest(), Optional.of(section.build()), latest.transaction())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Any hosted(Any packed) {
        try {
            ListElementIndexDetails details = ListElementIndexDetails.parseFrom(packed.getValue());
            details = details.toBuilder().setTargetDetails(details.getTargetDetails().toBuilder()
                    .setTypeUrl(HOST + details.getTargetDetails().getTypeUrl())).build();
            return Any.newBuilder().setTypeUrl(HOST + packed.getTypeUrl()).setValue(details.toByteString()).build();
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The segment's files again, page_lookup in pages of {@value #PAGE_SIZE} rows; their names and sizes. */
    private static java.util.List<IndexFile> repaged(Path segment) {
        Map<String, byte[]> files = TargetBTreeFiles.encode(TargetBTreeFiles.read(segment).entries(), PAGE_SIZE);
        try {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                Files.write(segment.resolve(file.getKey()), file.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files.entrySet().stream().map(f -> IndexFile.newBuilder().setPath(f.getKey())
                .setSizeBytes(f.getValue().length).build()).toList();
    }
}
