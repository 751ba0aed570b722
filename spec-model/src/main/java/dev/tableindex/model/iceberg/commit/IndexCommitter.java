package dev.tableindex.model.iceberg.commit;

import dev.tableindex.model.iceberg.commit.CommitOutcome.Committed;
import dev.tableindex.model.iceberg.commit.CommitOutcome.Refused;
import dev.tableindex.model.iceberg.commit.CommitOutcome.Rejected;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.IndexPaths;
import dev.tableindex.model.iceberg.metadata.MetadataLogEntry;
import dev.tableindex.model.iceberg.metadata.Violation;
import dev.tableindex.model.io.Folders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Commits index updates (draft, Commits and Concurrency; Metadata Log): each update writes a new metadata file
 * under a unique name ({@code metadata/<version>-<uuid>.metadata.json} below the index location, written
 * exclusively so it never replaces a file), appends the replaced file to the metadata log, keeps at most
 * {@code write.metadata.previous-versions-max} entries, sets {@code last-updated-ms}, and swaps the pointer
 * from the base the writer read to the new file. A swap that finds another file current is rejected; the
 * writer's file is then removed and nothing else changes. When {@code write.metadata.delete-after-commit.enabled}
 * is {@code true}, a successful commit deletes the metadata files it dropped from the log. A commit writes the
 * index type in upper case, as writers must, also when the file it started from was written otherwise by another
 * writer (the same type: readers match it case-insensitively, so the definition does not change). It never writes
 * a file that breaks the draft's rules that the file alone decides: such an update is refused.
 */
public final class IndexCommitter {
    /** The default of {@code write.metadata.previous-versions-max} (Iceberg's table default; docs/decisions/0011). */
    public static final int DEFAULT_PREVIOUS_VERSIONS_MAX = 100;

    private final MetadataPointer pointer;
    private final Clock clock;
    private final Supplier<String> uniqueSuffix;

    /**
     * @param pointer      where the current metadata file is recorded
     * @param clock        for {@code last-updated-ms}
     * @param uniqueSuffix a new unique string per call (a random UUID in production)
     */
    public IndexCommitter(MetadataPointer pointer, Clock clock, Supplier<String> uniqueSuffix) {
        this.pointer = pointer;
        this.clock = clock;
        this.uniqueSuffix = uniqueSuffix;
    }

    /** A metadata file as a writer read it: its location and content. */
    public record Base(String metadataFile, IndexMetadata metadata) {
    }

    /** The current metadata file, read now. */
    public Optional<Base> readCurrent() {
        return pointer.current().map(location -> new Base(location, read(location)));
    }

    /**
     * Creates the index: writes its first metadata file, as given (see {@link IndexCreation} for what a writer makes
     * of a requested definition), and makes it current, if no index is there yet.
     */
    public CommitOutcome create(IndexMetadata initial) {
        IndexMetadata stamped = initial.withLastUpdatedMs(clock.millis());
        String file = write(stamped, 0);
        if (pointer.compareAndSwap(Optional.empty(), file)) {
            return new Committed(file, stamped, List.of());
        }
        delete(file);
        return new Rejected(pointer.current().orElseThrow());
    }

    /** One attempt to commit {@code update} on top of {@code base}; no retry. */
    public CommitOutcome commit(Base base, UnaryOperator<IndexMetadata> update) {
        IndexMetadata current = base.metadata();
        IndexMetadata next = update.apply(current);
        next = next.withDefinition(next.definition().withType(next.definition().type().upperCase()));

        List<MetadataLogEntry> log = new ArrayList<>(current.metadataLog());
        log.add(new MetadataLogEntry(IndexPaths.relativize(current.location(), base.metadataFile()), current.lastUpdatedMs()));
        int keep = previousVersionsMax(next);
        List<MetadataLogEntry> dropped = new ArrayList<>(log.subList(0, Math.max(0, log.size() - keep)));
        List<MetadataLogEntry> kept = log.subList(dropped.size(), log.size());
        next = next.withMetadataLog(kept).withLastUpdatedMs(clock.millis());
        List<Violation> violations = IndexMetadataValidator.withoutSourceSchema().validate(IndexMetadataJson.write(next));
        if (!violations.isEmpty()) {
            return new Refused(violations);
        }

        String file = write(next, version(base.metadataFile()) + 1);
        if (!pointer.compareAndSwap(Optional.of(base.metadataFile()), file)) {
            delete(file);
            return new Rejected(pointer.current().orElse(""));
        }
        List<String> deleted = new ArrayList<>();
        if (Boolean.parseBoolean(next.properties().getOrDefault(IndexMetadata.DELETE_AFTER_COMMIT_ENABLED, "false"))) {
            for (MetadataLogEntry entry : dropped) {
                String location = next.resolve(entry.metadataFile());
                delete(location);
                deleted.add(location);
            }
        }
        return new Committed(file, next, deleted);
    }

    /**
     * Commits {@code update}, re-reading the current metadata and applying the update again after each
     * rejection, at most {@code attempts} times; the last outcome (a refused update is not tried again).
     */
    public CommitOutcome commitWithRetry(UnaryOperator<IndexMetadata> update, int attempts) {
        CommitOutcome outcome = null;
        for (int i = 0; i < attempts; i++) {
            Base base = readCurrent().orElseThrow(() -> new IllegalStateException("the index has no metadata file"));
            outcome = commit(base, update);
            if (!(outcome instanceof Rejected)) {
                return outcome;
            }
        }
        return outcome;
    }

    /** {@code write.metadata.previous-versions-max}, or the default when absent or not a non-negative number. */
    static int previousVersionsMax(IndexMetadata metadata) {
        String value = metadata.properties().get(IndexMetadata.PREVIOUS_VERSIONS_MAX);
        if (value == null) {
            return DEFAULT_PREVIOUS_VERSIONS_MAX;
        }
        try {
            return Math.max(0, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return DEFAULT_PREVIOUS_VERSIONS_MAX;
        }
    }

    /** The version number at the start of a metadata file's name, 0 when it has none. */
    static int version(String metadataFile) {
        String name = metadataFile.substring(metadataFile.lastIndexOf('/') + 1);
        int dash = name.indexOf('-');
        try {
            return dash > 0 ? Integer.parseInt(name.substring(0, dash)) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private String write(IndexMetadata metadata, int version) {
        String location = metadata.location() + "/metadata/"
                + String.format("%05d-%s.metadata.json", version, uniqueSuffix.get());
        Path path = IndexLocations.toPath(location);
        try {
            Folders.ensure(path.getParent());
            // CREATE_NEW: a metadata file is immutable, and a name is never reused
            Files.write(path, IndexMetadataJson.toBytes(metadata), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return location;
    }

    private static IndexMetadata read(String location) {
        try {
            return IndexMetadataJson.read(Files.readAllBytes(IndexLocations.toPath(location)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(String location) {
        try {
            Files.deleteIfExists(IndexLocations.toPath(location));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
