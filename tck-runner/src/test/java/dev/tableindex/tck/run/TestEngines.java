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
 * Engines for testing the runner: one that declares nothing. Mutants of the reference engine, each
 * breaking one rule, are in {@code dev.tableindex.tck.mutants}.
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
}
