package dev.tableindex.tck.steps;

import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.ObjectStoreLocation;
import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.OpenIndexResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.run.Observations;
import dev.tableindex.tck.run.RunContext;
import dev.tableindex.tck.store.StoreRequest;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An engine opens an index of a table the kit serves over S3, or describes its indexes
 * (docs/object-store.md); the kit judges the requests from its own server's log. The engine's own counts ({@link OpenIndexResult}) are information.
 */
public final class IndexOpenSteps {
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

    private String indexName;
    private Path publishedFrom;
    private StoreScenario.Requests requests;
    private OpenIndexResult opened;
    private EngineError refusal;
    private DescribeIndexesResult described;

    @When("the engine opens index {string}")
    public void opens(String name) {
        open(name);
        if (refusal != null) {
            throw new AssertionError("the engine refused to open index " + name + ": " + refusal.getKind() + " ("
                    + refusal.getMessage() + ")\nrequests:\n" + requests.log());
        }
    }

    @When("the engine tries to open index {string}")
    public void open(String name) {
        indexName = name;
        publishedFrom = TableScenario.current().dataset();
        ObjectStoreLocation location = StoreScenario.publish(publishedFrom);
        OpenIndexRequest request = OpenIndexRequest.newBuilder().setIndexName(name).setLocation(location).build();
        opened = null;
        refusal = null;
        requests = StoreScenario.recording(location, () -> {
            try {
                opened = RunContext.current().engine().facet(IndexOpening.class).openIndex(request);
            } catch (EngineRefusal e) {
                refusal = e.error();
            }
        });
        Observations.add(summary());
    }

    /** E.g. "opening id_idx: index files 0 HEAD, 1 GET (475 B); other 1 LIST, 2 GET, 0 HEAD". */
    private String summary() {
        List<StoreRequest> index = requests.under("_indices/");
        List<StoreRequest> other = requests.requests().stream().filter(r -> !index.contains(r)).toList();
        String message = refusal == null ? "" : refusal.getMessage();
        String refused = refusal == null ? "" : " (refused, " + refusal.getKind() + ": "
                + (message.length() > 160 ? message.substring(0, 160) + "…" : message) + ")";
        String text = "opening " + indexName + refused + ": index files "
                + count(index, StoreRequest::isHead) + " HEAD, " + count(index, StoreRequest::isGet) + " GET ("
                + index.stream().filter(StoreRequest::isGet).mapToLong(StoreRequest::bytesSent).sum() + " B); other "
                + count(other, StoreRequest::isList) + " LIST, " + count(other, StoreRequest::isGet) + " GET, "
                + count(other, StoreRequest::isHead) + " HEAD";
        if (opened != null && opened.getFilesOpened() > 0) {
            text += "; the engine's own count: " + opened.getHeadRequests() + " HEAD, " + opened.getReadRequests()
                    + " reads, " + opened.getFilesOpened() + " files";
        }
        return text;
    }

    private static long count(List<StoreRequest> requests, java.util.function.Predicate<StoreRequest> kind) {
        return requests.stream().filter(kind).count();
    }

    @When("the engine describes the indexes of the table served over S3")
    public void describesOverS3() {
        publishedFrom = TableScenario.current().dataset();
        ObjectStoreLocation location = StoreScenario.publish(publishedFrom);
        requests = StoreScenario.recording(location, () -> described = RunContext.current().engine()
                .facet(TableLifecycle.class).describeIndexes(DescribeIndexesRequest.newBuilder()
                        .setLocation(location).build()));
        Observations.add("describing the indexes: " + count(requests.under("_indices/"), r -> true)
                + " request(s) of index files; other " + count(requests.requests(), StoreRequest::isList) + " LIST, "
                + count(requests.requests(), StoreRequest::isGet) + " GET, "
                + count(requests.requests(), StoreRequest::isHead) + " HEAD");
    }

    @Then("describing them read no index file, and named the indexes {string}")
    public void describedWithoutIndexFiles(String names) {
        List<StoreRequest> indexFiles = requests.under("_indices/");
        if (!indexFiles.isEmpty()) {
            throw new AssertionError("describing the indexes made " + indexFiles.size() + " request(s) of index files;"
                    + " the manifest says each index's name, fields, type and coverage\nrequests:\n" + requests.log());
        }
        java.util.Set<String> expected = new java.util.TreeSet<>();
        for (String name : names.split(",")) {
            expected.add(name.strip());
        }
        java.util.Set<String> actual = new java.util.TreeSet<>(described.getIndexesList().stream()
                .map(dev.tableindex.proto.tck.IndexView::getName).toList());
        if (!expected.equals(actual)) {
            throw new AssertionError("the engine described indexes " + actual + " over S3, expected " + expected);
        }
    }

    /**
     * Sizes that disagree with the objects: every file of the index is recorded {@code delta} bytes
     * longer (or shorter) than it is, in the legacy entries and in IndexV2.
     */
    @Given("the kit commits a version where index {string} records each file's size {int} byte(s) off")
    public void wrongSizes(String name, int delta) {
        KitCommitSteps.commit(file -> {
            TableManifestSteps.segments(file, name);
            IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
            for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                if (entry.getName().equals(name)) {
                    if (entry.getFilesCount() == 0) {
                        throw new AssertionError("index " + name + " records no file sizes to contradict");
                    }
                    for (IndexFile.Builder indexFile : entry.getFilesBuilderList()) {
                        indexFile.setSizeBytes(indexFile.getSizeBytes() + delta);
                    }
                }
            }
            section.getIndicesV2BuilderList().stream().filter(e -> e.getName().equals(name))
                    .forEach(e -> e.getFilesBuilderList().forEach(f -> f.setFileSize(f.getFileSize() + delta)));
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        });
    }

    @Then("opening it made no size request")
    public void noSizeRequest() {
        readTheIndex();
        List<StoreRequest> heads = requests.under("_indices/").stream().filter(StoreRequest::isHead).toList();
        List<String> unsized = index().segments().stream().flatMap(segment -> segment.files().isEmpty()
                ? java.util.stream.Stream.of(segment.uuid() + "/ (no files listed)")
                : segment.files().stream().filter(f -> f.recordedSize().isEmpty()).map(f -> segment.uuid() + "/" + f.path()))
                .toList();
        if (!unsized.isEmpty()) {
            throw new AssertionError("the manifest records no size for " + unsized + " (index " + indexName
                    + "; the engine wrote it, see IL-0071), so the premise fails: opening made " + heads.size()
                    + " size (HEAD) request(s)\nrequests:\n" + requests.log());
        }
        if (!heads.isEmpty()) {
            throw new AssertionError("opening index " + indexName + " made " + heads.size() + " size (HEAD)"
                    + " request(s) of index files although the manifest records their sizes\nrequests:\n"
                    + requests.log());
        }
    }

    /** The engine read at least one file of the index: opening it was not skipped. */
    @Then("opening it read the index's files")
    public void readTheIndex() {
        List<String> folders = segmentFolders();
        boolean read = requests.requests().stream().filter(StoreRequest::isGet)
                .anyMatch(r -> folders.stream().anyMatch(f -> r.key().startsWith(f)) && r.status() / 100 == 2);
        if (!read) {
            throw new AssertionError("opening index " + indexName + " read no file under " + folders
                    + "\nrequests:\n" + requests.log());
        }
    }

    /**
     * Decision 0030: a reader handed sizes that disagree with the objects either refuses, or learns each
     * file's real size itself (a HEAD, or a read that reaches the object's real end) before using it.
     */
    @Then("the engine refused to open it, or read every index file it used to its real end")
    public void refusedOrReadToTheEnd() {
        if (refusal != null) {
            return;
        }
        for (String folder : segmentFolders()) {
            List<StoreRequest> reads = requests.requests().stream()
                    .filter(r -> r.key().startsWith(folder) && (r.isGet() || r.isHead())).toList();
            for (String key : reads.stream().map(StoreRequest::key).distinct().toList()) {
                long size = objectSize(key.substring(requests.location().getPrefix().length() + 1));
                boolean learned = reads.stream().filter(r -> r.key().equals(key))
                        .anyMatch(r -> r.isHead() || reachesEnd(r.range(), size));
                if (!learned) {
                    throw new AssertionError("the engine opened index " + indexName + " without refusing, yet "
                            + "never asked for the real size or the real end of " + key + " (" + size + " bytes; the"
                            + " manifest records another size)\nrequests:\n" + requests.log());
                }
            }
        }
    }

    /** A GET without a range, a suffix range, an open range or one whose end is the object's last byte. */
    private static boolean reachesEnd(String range, long size) {
        if (range.isEmpty()) {
            return true;
        }
        Matcher m = RANGE.matcher(range.strip());
        if (!m.matches()) {
            return false;
        }
        return m.group(1).isEmpty() || m.group(2).isEmpty() || Long.parseLong(m.group(2)) == size - 1;
    }

    private long objectSize(String relativeKey) {
        try {
            return Files.size(publishedFrom.resolve(relativeKey));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code <prefix>/_indices/<uuid>/} of each segment of the index, as the kit's reader sees it. */
    private List<String> segmentFolders() {
        if (requests == null) {
            throw new IllegalStateException("the scenario has not asked the engine to open an index");
        }
        return index().segments().stream()
                .map(s -> requests.location().getPrefix() + "/_indices/" + s.uuid() + "/").toList();
    }

    /** The index as the kit's own reader sees it in the latest manifest. */
    private IndexCatalog.Index index() {
        ManifestFile manifest = TableScenario.current().latestManifest();
        return IndexCatalog.of(manifest, IndexCatalog.CoverageRecovery.NONE).byName(indexName)
                .orElseThrow(() -> new AssertionError("the kit's reader sees no usable index " + indexName));
    }
}
