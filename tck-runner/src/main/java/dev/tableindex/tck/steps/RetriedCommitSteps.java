package dev.tableindex.tck.steps;

import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import io.cucumber.java.en.Then;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a commit retried after it met later versions wrote (capability {@code table.retried_commits}), judged
 * on the manifests: when the engine refused the commit as a conflict, it wrote nothing and there is nothing of
 * it to judge; otherwise what it wrote carries the version it was committed at where the format says so.
 */
public final class RetriedCommitSteps {

    /**
     * DataOverlayFile.committed_version: "the version of the commit that introduced it, NOT the version it was
     * read from. It is stamped at commit time and re-stamped if the commit is retried". Each overlay (known by its
     * data file) records the version that first lists it. An engine that writes no overlays has none to judge.
     */
    @Then("unless the engine refused the commit as a conflict, every overlay records as committed_version the version that first lists it")
    public void overlaysStampedWithTheirCommit() {
        if (TableOperationSteps.staleCommitRefused()) {
            return;
        }
        Map<String, Long> firstListedBy = new HashMap<>();
        for (ManifestFile version : TableScenario.current().versions()) {
            for (DataFragment fragment : version.manifest().getFragmentsList()) {
                for (DataOverlayFile overlay : fragment.getOverlaysList()) {
                    String path = overlay.getDataFile().getPath();
                    long first = firstListedBy.computeIfAbsent(path, p -> version.version());
                    if (overlay.getCommittedVersion() != first) {
                        throw new AssertionError("the overlay of fragment " + fragment.getId() + " in " + path
                                + " records committed_version " + Long.toUnsignedString(overlay.getCommittedVersion())
                                + ", but version " + Long.toUnsignedString(first) + " is the commit that introduced it"
                                + " (stamped at commit time and re-stamped if the commit is retried)");
                    }
                }
            }
        }
    }

    @Then("unless the engine refused the commit as a conflict, counting the rows where {string} gives {long}, with and without indexes")
    public void countsUnlessConflict(String filter, long expected) {
        if (!TableOperationSteps.staleCommitRefused()) {
            new TableReadSteps().counts(filter, expected);
        }
    }

    /**
     * DeletionFile.read_version, "The version of the dataset this deletion file was built from": a retried delete
     * built its deletion files from a version it read, the one it first read or a later one it read to retry, never
     * the version that lists them.
     */
    @Then("unless the engine refused the commit as a conflict, the deletion files the last commit added record as read_version a version from the one remembered as {string} to the one before the commit")
    public void retriedDeletionFilesReadVersion(String key) {
        if (TableOperationSteps.staleCommitRefused()) {
            return;
        }
        long first = TableOperationSteps.rememberedVersion(key);
        ManifestFile latest = TableScenario.current().latestManifest();
        List<ManifestFile> versions = TableScenario.current().versions();
        Set<String> before = versions.size() < 2 ? Set.of() : versions.get(versions.size() - 2).manifest()
                .getFragmentsList().stream().filter(DataFragment::hasDeletionFile)
                .map(f -> f.getId() + ":" + f.getDeletionFile()).collect(Collectors.toSet());
        for (DataFragment fragment : latest.manifest().getFragmentsList()) {
            if (!fragment.hasDeletionFile() || before.contains(fragment.getId() + ":" + fragment.getDeletionFile())) {
                continue;
            }
            long read = fragment.getDeletionFile().getReadVersion();
            if (Long.compareUnsigned(read, first) < 0 || Long.compareUnsigned(read, latest.version()) >= 0) {
                throw new AssertionError("the deletion file of fragment " + fragment.getId() + " that version "
                        + Long.toUnsignedString(latest.version()) + " added records read_version "
                        + Long.toUnsignedString(read) + "; the writer read version " + Long.toUnsignedString(first)
                        + " first and committed version " + Long.toUnsignedString(latest.version()));
            }
        }
    }
}
