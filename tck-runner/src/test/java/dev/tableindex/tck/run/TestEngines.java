package dev.tableindex.tck.run;

import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.golden.KitCommits;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.ReferenceEngine;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Engines for testing the runner: one that declares nothing, and mutants of the reference engine,
 * each breaking one rule so that the scenarios checking that rule are shown to fail.
 */
final class TestEngines {
    private TestEngines() {
    }

    /** Declares no capability: every scenario is UNSUPPORTED. */
    public static final class NothingDeclared implements TckEngineProvider {
        @Override
        public String name() {
            return "test-nothing-declared";
        }

        @Override
        public TckEngine start() {
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(name(), "0", Set.of());
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    throw new AssertionError("a scenario ran against an undeclared capability");
                }
            };
        }
    }

    /** Drops the fragment_bitmap bytes: "covers nothing" becomes "unknown". */
    public static final class MutantUnknownCoverage extends Mutant {
        public MutantUnknownCoverage() {
            super("mutant-unknown-coverage", result -> result.hasIndexSection()
                    ? result.toBuilder().setIndexSection(clearBitmaps(result.getIndexSection())).build() : result);
        }

        private static IndexSection clearBitmaps(IndexSection section) {
            IndexSection.Builder builder = section.toBuilder();
            builder.getIndicesBuilderList().forEach(entry -> entry.setFragmentBitmap(ByteString.EMPTY));
            return builder.build();
        }
    }

    /** Never refuses: a file it cannot read comes back as an empty manifest. */
    public static final class MutantAcceptsAnything extends Mutant {
        public MutantAcceptsAnything() {
            super("mutant-accepts-anything", UnaryOperator.identity());
        }

        @Override
        ReadManifestResult read(ReadManifestRequest request) {
            try {
                return super.read(request);
            } catch (EngineRefusal refusal) {
                return ReadManifestResult.newBuilder().setManifest(Manifest.getDefaultInstance()).build();
            }
        }
    }

    /**
     * Deletes an index once an update leaves it covering nothing: the footgun the IndexV2 design removes
     * ("If a user creates an index, then updates all the rows covered in that index, the index is deleted").
     */
    public static final class MutantDropsUncoveredIndex extends TableMutant {
        public MutantDropsUncoveredIndex() {
            super("mutant-drops-uncovered-index");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasMergeInsert()) {
                return;
            }
            KitCommits.commit(root, file -> {
                Set<Long> live = file.manifest().getFragmentsList().stream().map(DataFragment::getId).collect(Collectors.toSet());
                Set<String> uncovered = file.segments().stream().map(IndexSegment::name).distinct()
                        .filter(name -> file.segments().stream().filter(s -> s.name().equals(name))
                                .allMatch(s -> s.coverage().fragmentIds().orElse(List.of()).stream().noneMatch(live::contains)))
                        .collect(Collectors.toSet());
                IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                List<IndexMetadata> kept = section.getIndicesList().stream().filter(e -> !uncovered.contains(e.getName())).toList();
                List<IndexV2> keptV2 = section.getIndicesV2List().stream().filter(e -> !uncovered.contains(e.getName())).toList();
                section.clearIndices().addAllIndices(kept).clearIndicesV2().addAllIndicesV2(keptV2);
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }

    /**
     * Rewrites a column in place but leaves the coverage of the indexes on it as it was, so their files,
     * which still hold the old values, answer for rows whose values changed.
     */
    public static final class MutantKeepsStaleCoverage extends TableMutant {
        public MutantKeepsStaleCoverage() {
            super("mutant-keeps-stale-coverage");
        }

        @Override
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
            if (!operation.hasUpdateColumn()) {
                return;
            }
            Map<UUID, ByteString> bitmaps = before.segments().stream()
                    .collect(Collectors.toMap(IndexSegment::uuid, s -> s.proto().getFragmentBitmap()));
            KitCommits.commit(root, file -> {
                IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
                section.getIndicesBuilderList().forEach(entry -> {
                    ByteString old = bitmaps.get(IndexSegment.uuidFromBytes(entry.getUuid().getUuid().toByteArray()));
                    if (old != null) {
                        entry.setFragmentBitmap(old);
                    }
                });
                // IndexV2 too, so that a reader preferring it finds both forms agreeing
                section.getIndicesV2BuilderList().forEach(index -> index.getFilesBuilderList().forEach(f -> {
                    ByteString old = bitmaps.get(IndexSegment.uuidFromBytes(f.getId().toByteArray()));
                    if (old != null) {
                        f.setFragmentBitmap(old);
                    }
                }));
                return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
            });
        }
    }

    /** Reads a table whatever its reader flags say: it clears them before reading. */
    public static final class MutantIgnoresReaderFlags extends TableMutant {
        public MutantIgnoresReaderFlags() {
            super("mutant-ignores-reader-flags");
        }

        @Override
        void beforeRead(Path root) {
            if (LanceDatasetFolder.open(root).readLatest().manifest().getReaderFeatureFlags() != 0) {
                KitCommits.commit(root, KitCommits.manifest(m -> m.setReaderFeatureFlags(0)));
            }
        }
    }

    /** The reference engine's table facet, with a writer's misstep committed after some operations. */
    abstract static class TableMutant implements TckEngineProvider {
        private final String name;
        private final ReferenceEngine reference = new ReferenceEngine();

        TableMutant(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        /** What the mutant does after the reference committed {@code operation}; {@code before} is the version read. */
        void afterApply(Path root, TableOperation operation, ManifestFile before) {
        }

        /** What the mutant does before it reads the table (describe, count). */
        void beforeRead(Path root) {
        }

        @Override
        public TckEngine start() {
            TableLifecycle tables = reference.facet(TableLifecycle.class);
            TableLifecycle mutant = new TableLifecycle() {
                @Override
                public ApplyTableOperationResult apply(ApplyTableOperationRequest request) {
                    Path root = Path.of(request.getDatasetPath());
                    ManifestFile before = request.getOperation().hasCreateTable() ? null
                            : LanceDatasetFolder.open(root).readLatest();
                    ApplyTableOperationResult result = tables.apply(request);
                    if (before != null) {
                        afterApply(root, request.getOperation(), before);
                    }
                    return result;
                }

                @Override
                public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
                    beforeRead(Path.of(request.getDatasetPath()));
                    return tables.describeIndexes(request);
                }

                @Override
                public CountRowsResult countRows(CountRowsRequest request) {
                    beforeRead(Path.of(request.getDatasetPath()));
                    return tables.countRows(request);
                }
            };
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(name, "0", Set.of(Capability.TABLE_LIFECYCLE, Capability.INDEX_V2));
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    return type == TableLifecycle.class ? type.cast(mutant) : reference.facet(type);
                }
            };
        }
    }

    /** The reference engine with its manifest results changed by {@code change}. */
    abstract static class Mutant implements TckEngineProvider {
        private final String name;
        private final UnaryOperator<ReadManifestResult> change;
        private final ReferenceEngine reference = new ReferenceEngine();

        Mutant(String name, UnaryOperator<ReadManifestResult> change) {
            this.name = name;
            this.change = change;
        }

        @Override
        public String name() {
            return name;
        }

        ReadManifestResult read(ReadManifestRequest request) {
            return change.apply(reference.readManifest(request));
        }

        @Override
        public TckEngine start() {
            ManifestReading reading = this::read;
            return new TckEngine() {
                @Override
                public EngineInfo info() {
                    return new EngineInfo(name, "0", reference.info().capabilities());
                }

                @Override
                public <F extends Facet> F facet(Class<F> type) {
                    return type.cast(reading);
                }
            };
        }
    }
}
