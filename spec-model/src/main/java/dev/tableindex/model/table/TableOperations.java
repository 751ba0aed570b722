package dev.tableindex.model.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.index.IndexV2Projection;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.Transaction;
import dev.tableindex.proto.tck.AlterColumnType;
import dev.tableindex.proto.tck.Append;
import dev.tableindex.proto.tck.Column;
import dev.tableindex.proto.tck.Compact;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
import dev.tableindex.proto.tck.DeleteRows;
import dev.tableindex.proto.tck.DropColumn;
import dev.tableindex.proto.tck.DropIndex;
import dev.tableindex.proto.tck.MergeInsert;
import dev.tableindex.proto.tck.RenameColumn;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.proto.tck.UpdateColumn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import org.roaringbitmap.RoaringBitmap;

/**
 * Every operation of table_ops.proto as a pure function: a table version (none for create) and the
 * request give the next version and the Lance Transaction describing the change. Index metadata
 * changes follow {@link IndexMaintenance}; docs/table-lifecycle.md states each rule.
 */
public final class TableOperations {
    /** Rows per fragment when a request says 0 (Lance's default max_rows_per_file). */
    public static final int DEFAULT_ROWS_PER_FRAGMENT = 1024 * 1024;

    private TableOperations() {
    }

    /**
     * Applies any operation but create_table to an existing version.
     *
     * @throws TableException WRITER_FEATURE_UNSUPPORTED when a fragment has data overlays: the
     *     reference reads them but its writer does not maintain them (the base data file would be
     *     rewritten without them, or kept with them and new indexes built over stale values)
     */
    public static Commit apply(TableVersion table, TableOperation operation, TableEnvironment env) {
        if (operation.getKindCase() != TableOperation.KindCase.CREATE_TABLE) {
            for (Fragment fragment : table.fragments()) {
                if (fragment.hasOverlays()) {
                    throw new TableException(TableException.Kind.WRITER_FEATURE_UNSUPPORTED, "fragment "
                            + fragment.id() + " has data overlays, which the reference writer does not maintain");
                }
            }
        }
        return switch (operation.getKindCase()) {
            case CREATE_TABLE -> throw TableException.invalid("create_table on a dataset that exists already");
            case APPEND -> append(table, operation.getAppend(), env);
            case DELETE_ROWS -> delete(table, operation.getDeleteRows(), env);
            case MERGE_INSERT -> mergeInsert(table, operation.getMergeInsert(), env);
            case UPDATE_COLUMN -> updateColumn(table, operation.getUpdateColumn(), env);
            case COMPACT -> compact(table, operation.getCompact(), env);
            case RENAME_COLUMN -> renameColumn(table, operation.getRenameColumn(), env);
            case DROP_COLUMN -> dropColumn(table, operation.getDropColumn(), env);
            case ALTER_COLUMN_TYPE -> alterColumnType(table, operation.getAlterColumnType(), env);
            case CREATE_INDEX -> createIndex(table, operation.getCreateIndex(), env);
            case DROP_INDEX -> dropIndex(table, operation.getDropIndex(), env);
            case OPTIMIZE_INDICES -> optimizeIndices(table, env);
            case KIND_NOT_SET -> throw TableException.invalid("no operation given");
        };
    }

    /** Version 1: the schema (ids in column order, a list's item right after it) and the rows, maybe none. */
    public static Commit create(CreateTable request, TableEnvironment env) {
        List<TableSchema.Column> columns = new ArrayList<>();
        for (Column column : request.getColumnsList()) {
            columns.add(new TableSchema.Column(column.getName(), ColumnType.parse(column.getType()), column.getNullable()));
        }
        if (columns.isEmpty()) {
            throw TableException.invalid("a table needs at least one column");
        }
        TableSchema schema = TableSchema.create(columns);
        List<Fragment> fragments = newFragments(schema, RowsJson.rows(request.getRows().getJson(), schema),
                request.getRowsPerFragment(), 0, env);
        TableVersion table = new TableVersion(1, schema, fragments, maxId(OptionalLong.empty(), fragments),
                List.of(), Map.of(), Map.of(), false, false);
        return new Commit(table, transaction(0, env).setOverwrite(Transaction.Overwrite.newBuilder()
                .addAllFragments(protos(fragments)).addAllSchema(schema.fields())).build());
    }

    /** New fragments after the existing ones; no bitmap changes, so no index covers them. */
    static Commit append(TableVersion table, Append request, TableEnvironment env) {
        List<Fragment> added = newFragments(table.schema(), RowsJson.rows(request.getRows().getJson(), table.schema()),
                request.getRowsPerFragment(), table.nextFragmentId(), env);
        List<Fragment> fragments = new ArrayList<>(table.fragments());
        fragments.addAll(added);
        TableVersion next = next(table).fragments(fragments).maxFragmentId(maxId(table.maxFragmentId(), added)).build();
        return new Commit(next, transaction(table.version(), env)
                .setAppend(Transaction.Append.newBuilder().addAllFragments(protos(added))).build());
    }

    /**
     * Marks matching rows deleted (a new deletion file per touched fragment). A fragment whose
     * rows are all deleted is removed, as Lance does, and leaves every bitmap (the reference's
     * rule; Lance 7.0.0 keeps the stale id). Bitmaps are otherwise unchanged: readers apply
     * deletions to what an index returns.
     */
    static Commit delete(TableVersion table, DeleteRows request, TableEnvironment env) {
        if (request.getFilter().isBlank()) {
            throw TableException.invalid("delete_rows needs a filter ('true' deletes every row)");
        }
        Filter filter = Filter.parse(request.getFilter());
        List<Integer> ids = filter.bind(table.schema());
        Map<Long, RoaringBitmap> deletions = new HashMap<>();
        for (Fragment fragment : table.fragments()) {
            RoaringBitmap hit = new RoaringBitmap();
            for (int offset : fragment.liveOffsets()) {
                if (Boolean.TRUE.equals(filter.evaluate(fragment.rows().get(offset), ids))) {
                    hit.add(offset);
                }
            }
            if (!hit.isEmpty()) {
                deletions.put(fragment.id(), hit);
            }
        }
        Deleted result = applyDeletions(table, deletions, env);
        TableVersion next = next(table).fragments(result.fragments())
                .indexes(IndexMaintenance.removeFragments(table.indexes(), result.removed())).build();
        return new Commit(next, transaction(table.version(), env).setDelete(Transaction.Delete.newBuilder()
                .addAllUpdatedFragments(protos(result.updated())).addAllDeletedFragmentIds(ids(result.removed()))
                .setPredicate(filter.toString())).build());
    }

    /**
     * Rows whose key matches are deleted where they are and written, with the request's values,
     * into new fragments; unmatched rows are inserted there too (a row rewrite, Lance's
     * RewriteRows). New fragments are not covered. Fragments emptied by the move leave every
     * bitmap; an index entry stays even when it covers nothing (Lance 7.0.0 keeps stale ids).
     */
    static Commit mergeInsert(TableVersion table, MergeInsert request, TableEnvironment env) {
        TableSchema schema = table.schema();
        Field key = schema.require(request.getKeyColumn());
        requireScalar(schema, key, "merge_insert key");
        List<Map<Integer, Object>> source = RowsJson.rows(request.getRows().getJson(), schema);
        checkUniqueKeys(source, key);
        Map<Long, RoaringBitmap> deletions = new HashMap<>();
        List<Map<Integer, Object>> written = new ArrayList<>();
        Set<Integer> matchedSource = new HashSet<>();
        for (Fragment fragment : table.fragments()) {
            for (int offset : fragment.liveOffsets()) {
                Object value = fragment.rows().get(offset).get(key.getId());
                for (int i = 0; i < source.size(); i++) {
                    Object candidate = source.get(i).get(key.getId());
                    if (value != null && candidate != null && Values.compare(value, candidate) == 0) {
                        deletions.computeIfAbsent(fragment.id(), id -> new RoaringBitmap()).add(offset);
                        written.add(source.get(i));
                        matchedSource.add(i);
                        break;
                    }
                }
            }
        }
        for (int i = 0; i < source.size(); i++) {
            if (!matchedSource.contains(i)) {
                written.add(source.get(i));
            }
        }
        Deleted result = applyDeletions(table, deletions, env);
        List<Fragment> added = newFragments(schema, written, 0, table.nextFragmentId(), env);
        List<Fragment> fragments = new ArrayList<>(result.fragments());
        fragments.addAll(added);
        TableVersion next = next(table).fragments(fragments).maxFragmentId(maxId(table.maxFragmentId(), added))
                .indexes(IndexMaintenance.removeFragments(table.indexes(), result.removed())).build();
        return new Commit(next, transaction(table.version(), env).setUpdate(Transaction.Update.newBuilder()
                .addAllRemovedFragmentIds(ids(result.removed())).addAllUpdatedFragments(protos(result.updated()))
                .addAllNewFragments(protos(added))
                .addAllFieldsForPreservingFragBitmap(schema.columns().stream().map(Field::getId).toList())
                .setUpdateMode(Transaction.UpdateMode.REWRITE_ROWS)).build());
    }

    /**
     * Rewrites one column's values in place: same fragments, same row addresses, a new data file
     * for each touched fragment (Lance writes a file of the column alone and tombstones the old
     * one's field; the reference rewrites its whole stand-in file). Segments on that field stop
     * covering the touched fragments; the entry is kept even if it covers nothing.
     */
    static Commit updateColumn(TableVersion table, UpdateColumn request, TableEnvironment env) {
        TableSchema schema = table.schema();
        Field key = schema.require(request.getKeyColumn());
        requireScalar(schema, key, "update_column key");
        Field column = schema.require(request.getColumn());
        List<Object[]> updates = new ArrayList<>();
        for (JsonNode object : RowsJson.objects(request.getRows().getJson())) {
            if (!object.has(key.getName()) || !object.has(column.getName())) {
                throw TableException.invalid("update_column rows need '" + key.getName() + "' and '"
                        + column.getName() + "': " + object);
            }
            updates.add(new Object[] {RowsJson.value(object, key, schema), RowsJson.value(object, column, schema)});
        }
        checkUniqueKeys(updates.stream().map(u -> Map.of(key.getId(), u[0] == null ? NULL_KEY : u[0])).toList(), key);
        List<Fragment> fragments = new ArrayList<>();
        List<Fragment> touched = new ArrayList<>();
        RoaringBitmap touchedIds = new RoaringBitmap();
        for (Fragment fragment : table.fragments()) {
            List<Map<Integer, Object>> rows = new ArrayList<>(fragment.rows());
            boolean changed = false;
            for (int offset : fragment.liveOffsets()) {
                Object value = rows.get(offset).get(key.getId());
                for (Object[] update : updates) {
                    if (value != null && update[0] != null && Values.compare(value, update[0]) == 0) {
                        Map<Integer, Object> row = new LinkedHashMap<>(rows.get(offset));
                        row.put(column.getId(), update[1]);
                        rows.set(offset, row);
                        changed = true;
                        break;
                    }
                }
            }
            if (changed) {
                Fragment rewritten = rewriteData(fragment, schema, rows, env);
                fragments.add(rewritten);
                touched.add(rewritten);
                touchedIds.add((int) fragment.id());
            } else {
                fragments.add(fragment);
            }
        }
        TableVersion next = next(table).fragments(fragments)
                .indexes(IndexMaintenance.pruneUpdatedField(table.indexes(), touchedIds, column.getId())).build();
        return new Commit(next, transaction(table.version(), env).setUpdate(Transaction.Update.newBuilder()
                .addAllUpdatedFragments(protos(touched)).addFieldsModified(column.getId())
                .setUpdateMode(Transaction.UpdateMode.REWRITE_COLUMNS)).build());
    }

    /**
     * Rewrites runs of small or partly deleted fragments into fragments of up to N rows without
     * the deleted rows. A run never mixes fragments covered by different index segments (or
     * covered and uncovered ones), so each new fragment is covered iff all its sources were. Every
     * segment covering a compacted fragment is rewritten under a NEW uuid with remapped row
     * addresses (its dataset_version, created_at and configuration unchanged), as Lance does
     * without stable row ids.
     */
    static Commit compact(TableVersion table, Compact request, TableEnvironment env) {
        int target = request.getTargetRowsPerFragment() == 0 ? DEFAULT_ROWS_PER_FRAGMENT
                : request.getTargetRowsPerFragment();
        List<List<Fragment>> runs = new ArrayList<>();
        List<Fragment> run = new ArrayList<>();
        List<UUID> runSignature = null;
        for (Fragment fragment : table.fragments()) {
            boolean candidate = !fragment.deleted().isEmpty() || fragment.physicalRows() < target;
            List<UUID> signature = coveringSegments(table, fragment.id());
            if (!candidate || !signature.equals(runSignature)) {
                addRun(runs, run);
                run = new ArrayList<>();
            }
            if (candidate) {
                run.add(fragment);
                runSignature = signature;
            } else {
                runSignature = null;
            }
        }
        addRun(runs, run);

        long nextId = table.nextFragmentId();
        Map<Long, Long> addressMap = new HashMap<>();
        List<IndexMaintenance.Group> groups = new ArrayList<>();
        Transaction.Rewrite.Builder rewrite = Transaction.Rewrite.newBuilder();
        Set<Long> removed = new HashSet<>();
        List<Fragment> added = new ArrayList<>();
        for (List<Fragment> sources : runs) {
            List<Map<Integer, Object>> rows = new ArrayList<>();
            List<Long> oldAddresses = new ArrayList<>();
            for (Fragment fragment : sources) {
                for (int offset : fragment.liveOffsets()) {
                    rows.add(fragment.rows().get(offset));
                    oldAddresses.add(RowAddress.of(fragment.id(), offset));
                }
                removed.add(fragment.id());
            }
            List<Fragment> made = newFragments(table.schema(), rows, target, nextId, env);
            for (int i = 0; i < rows.size(); i++) {
                addressMap.put(oldAddresses.get(i), RowAddress.of(nextId + i / target, i % target));
            }
            nextId += made.size();
            added.addAll(made);
            groups.add(new IndexMaintenance.Group(bitmap(sources.stream().map(Fragment::id).toList()),
                    bitmap(made.stream().map(Fragment::id).toList())));
            rewrite.addGroups(Transaction.Rewrite.RewriteGroup.newBuilder()
                    .addAllOldFragments(protos(sources)).addAllNewFragments(protos(made)));
            rewrite.addAllOldFragments(protos(sources)).addAllNewFragments(protos(made));
        }
        List<Fragment> fragments = new ArrayList<>(table.fragments().stream().filter(f -> !removed.contains(f.id())).toList());
        fragments.addAll(added);

        List<IndexMetadata> indexes = new ArrayList<>();
        Map<UUID, IndexFileContent> files = new LinkedHashMap<>(table.indexFiles());
        for (IndexMetadata segment : table.indexes()) {
            Optional<RoaringBitmap> covered = IndexMaintenance.covered(segment);
            if (covered.isEmpty() || !IndexMaintenance.touchedByCompaction(covered.get(), groups)) {
                indexes.add(segment);
                continue;
            }
            UUID oldId = TableVersion.uuidOf(segment);
            UUID newId = env.newUuid();
            IndexFileContent content = remapContent(table.indexFiles().get(oldId), covered.get(), removed, addressMap);
            IndexMetadata.Builder rewritten = IndexMaintenance.withCoverage(segment,
                    IndexMaintenance.remap(covered.get(), groups)).toBuilder().setUuid(uuid(newId)).clearFiles();
            if (content != null) {
                files.put(newId, content);
                rewritten.addAllFiles(IndexBuilder.files(content));
            }
            indexes.add(rewritten.build());
            rewrite.addRewrittenIndices(Transaction.Rewrite.RewrittenIndex.newBuilder().setOldId(uuid(oldId))
                    .setNewId(uuid(newId)).setNewIndexDetails(segment.getIndexDetails())
                    .setNewIndexVersion(segment.getIndexVersion()).addAllNewIndexFiles(rewritten.getFilesList()));
        }
        files.keySet().retainAll(indexes.stream().map(TableVersion::uuidOf).toList());
        TableVersion next = next(table).fragments(fragments).maxFragmentId(maxId(table.maxFragmentId(), added))
                .indexes(indexes).indexFiles(files).build();
        return new Commit(next, transaction(table.version(), env).setRewrite(rewrite).build());
    }

    /** Rename keeps the field id, so data files and indexes are untouched (Lance's Project). */
    static Commit renameColumn(TableVersion table, RenameColumn request, TableEnvironment env) {
        TableSchema schema = table.schema().rename(request.getColumn(), request.getNewName());
        return new Commit(next(table).schema(schema).build(), transaction(table.version(), env)
                .setProject(Transaction.Project.newBuilder().addAllSchema(schema.fields())).build());
    }

    /** Drop removes the field ids; indexes on them go (Lance's Project + retain_relevant_indices). */
    static Commit dropColumn(TableVersion table, DropColumn request, TableEnvironment env) {
        Field column = table.schema().require(request.getColumn());
        TableSchema schema = table.schema().drop(request.getColumn());
        List<Fragment> fragments = table.fragments().stream().map(f -> new Fragment(f.id(), f.dataFile(),
                f.rows().stream().map(r -> without(r, column.getId())).toList(), f.deleted(), f.deletionFile())).toList();
        TableVersion next = withIndexes(next(table).schema(schema).fragments(fragments),
                IndexMaintenance.retainFields(table.indexes(), schema.fieldIds()), table).build();
        return new Commit(next, transaction(table.version(), env)
                .setProject(Transaction.Project.newBuilder().addAllSchema(schema.fields())).build());
    }

    /**
     * A type change rewrites the column's values into new data files under a NEW field id; indexes
     * on the old id are removed, because they index the old values (Lance's alter_columns with a
     * cast; here a Merge transaction with the new schema and the rewritten fragments).
     */
    static Commit alterColumnType(TableVersion table, AlterColumnType request, TableEnvironment env) {
        Field column = table.schema().require(request.getColumn());
        ColumnType from = table.schema().typeOf(column);
        ColumnType to = ColumnType.parse(request.getNewType());
        TableSchema schema = table.schema().alterType(request.getColumn(), to);
        int newId = schema.require(request.getColumn()).getId();
        List<Fragment> fragments = new ArrayList<>();
        for (Fragment fragment : table.fragments()) {
            List<Map<Integer, Object>> rows = new ArrayList<>();
            for (int offset = 0; offset < fragment.physicalRows(); offset++) {
                Map<Integer, Object> row = new LinkedHashMap<>();
                for (Field c : schema.columns()) {
                    Object old = fragment.rows().get(offset).get(c.getId() == newId ? column.getId() : c.getId());
                    // a deleted row's value is never read again; it need not survive the cast
                    row.put(c.getId(), c.getId() != newId ? old : fragment.isDeleted(offset)
                            ? safeConvert(to, old, from, column.getName()) : to.convert(old, from, column.getName()));
                }
                rows.add(row);
            }
            fragments.add(rewriteData(fragment, schema, rows, env));
        }
        TableVersion next = withIndexes(next(table).schema(schema).fragments(fragments),
                IndexMaintenance.retainFields(table.indexes(), schema.fieldIds()), table).build();
        return new Commit(next, transaction(table.version(), env).setMerge(Transaction.Merge.newBuilder()
                .addAllFragments(protos(fragments)).addAllSchema(schema.fields())).build());
    }

    /**
     * A new index of one column: one segment covering every live fragment (on an empty table the
     * EMPTY bitmap, never unknown), built from the version read ({@code dataset_version}), with a
     * configuration that never changes afterwards. A name in use is refused unless {@code replace},
     * which drops all segments of that name and gives the index a new IndexV2 id.
     */
    static Commit createIndex(TableVersion table, CreateIndex request, TableEnvironment env) {
        if (request.getColumnsCount() != 1) {
            throw TableException.invalid("an index is built on exactly one column, got " + request.getColumnsList());
        }
        Field column = table.schema().require(request.getColumns(0));
        IndexTypes.Kind kind = IndexTypes.Kind.byKitName(request.getIndexType()).orElseThrow(() ->
                TableException.invalid("unknown index type '" + request.getIndexType()
                        + "' (btree, bitmap, label_list, ivf_flat, list_element)"));
        IndexBuilder.checkColumn(kind, table.schema().typeOf(column), column.getName());
        Any details = IndexBuilder.details(kind, request.getParamsMap(), table.schema(), column);
        String name = request.getName().isEmpty() ? column.getName() + "_idx" : request.getName();
        List<IndexMetadata> replaced = table.segments(name);
        if (!replaced.isEmpty() && !request.getReplace()) {
            throw new TableException(TableException.Kind.INDEX_NAME_EXISTS, "Index name '" + name
                    + "' already exists, please specify a different name or use replace=True");
        }
        UUID uuid = env.newUuid();
        IndexFileContent content = IndexBuilder.content(kind, details, table.schema(), column.getId(), table.fragments());
        IndexMetadata segment = IndexBuilder.segment(uuid, name, List.of(column.getId()), table.version(),
                table.liveFragmentIds(), details, kind.indexVersion(), env.nowMillis(), content);
        List<IndexMetadata> indexes = new ArrayList<>(table.indexes());
        indexes.removeAll(replaced);
        indexes.add(segment);
        Map<UUID, IndexFileContent> files = new LinkedHashMap<>(table.indexFiles());
        replaced.forEach(r -> files.remove(TableVersion.uuidOf(r)));
        files.put(uuid, content);
        Map<String, UUID> ids = new LinkedHashMap<>(table.indexIds());
        ids.put(name, env.newUuid());
        TableVersion next = next(table).indexes(indexes).indexFiles(files).indexIds(ids).build();
        return new Commit(next, transaction(table.version(), env).setCreateIndex(Transaction.CreateIndex.newBuilder()
                .addNewIndices(segment).addAllRemovedIndices(replaced)).build());
    }

    /** Removes every segment of the name (Lance: CreateIndex with no new indices). */
    static Commit dropIndex(TableVersion table, DropIndex request, TableEnvironment env) {
        List<IndexMetadata> removed = table.segments(request.getName());
        if (removed.isEmpty()) {
            throw TableException.invalid("no index named '" + request.getName() + "'");
        }
        List<IndexMetadata> indexes = new ArrayList<>(table.indexes());
        indexes.removeAll(removed);
        TableVersion next = withIndexes(next(table), indexes, table).build();
        return new Commit(next, transaction(table.version(), env).setCreateIndex(Transaction.CreateIndex.newBuilder()
                .addAllRemovedIndices(removed)).build());
    }

    /**
     * For every index, one NEW segment covering the live fragments no segment covers; existing
     * segments are kept as they are (delta segments; Lance 7.0.0 merges into one new segment
     * instead — both are valid, the reference keeps segments so IndexV2 shows several files). The
     * new segment copies fields, details and index_version: the configuration does not change.
     */
    static Commit optimizeIndices(TableVersion table, TableEnvironment env) {
        List<IndexMetadata> indexes = new ArrayList<>(table.indexes());
        Map<UUID, IndexFileContent> files = new LinkedHashMap<>(table.indexFiles());
        Transaction.CreateIndex.Builder change = Transaction.CreateIndex.newBuilder();
        for (String name : indexes.stream().map(IndexMetadata::getName).distinct().toList()) {
            List<IndexMetadata> segments = table.segments(name);
            RoaringBitmap uncovered = IndexMaintenance.uncovered(table.liveFragmentIds(), segments);
            IndexMetadata model = segments.get(0);
            Optional<IndexTypes.Kind> kind = IndexTypes.Kind.byTypeUrl(model.getIndexDetails().getTypeUrl());
            if (uncovered.isEmpty() || kind.isEmpty() || model.getFieldsCount() != 1) {
                continue; // nothing to add, or an index the reference cannot build
            }
            List<Fragment> fragments = table.fragments().stream().filter(f -> uncovered.contains((int) f.id())).toList();
            IndexFileContent content;
            try {
                content = IndexBuilder.content(kind.get(), model.getIndexDetails(), table.schema(), model.getFields(0),
                        fragments);
            } catch (TableException e) {
                continue; // e.g. a list element index whose key fields changed: the reference leaves it to a rebuild
            }
            UUID uuid = env.newUuid();
            IndexMetadata segment = IndexBuilder.segment(uuid, name, model.getFieldsList(), table.version(), uncovered,
                    model.getIndexDetails(), model.hasIndexVersion() ? model.getIndexVersion() : kind.get().indexVersion(),
                    env.nowMillis(), content);
            indexes.add(indexes.lastIndexOf(segments.get(segments.size() - 1)) + 1, segment);
            files.put(uuid, content);
            change.addAllNewIndices(segments).addNewIndices(segment);
        }
        TableVersion next = next(table).indexes(indexes).indexFiles(files).build();
        return new Commit(next, transaction(table.version(), env).setCreateIndex(change).build());
    }

    // ---- helpers ---------------------------------------------------------------------------

    private static final Object NULL_KEY = new Object();

    private static Transaction.Builder transaction(long readVersion, TableEnvironment env) {
        return Transaction.newBuilder().setReadVersion(readVersion).setUuid(env.newUuid().toString());
    }

    private static List<Fragment> newFragments(TableSchema schema, List<Map<Integer, Object>> rows, int rowsPerFragment,
                                               long firstId, TableEnvironment env) {
        int size = rowsPerFragment == 0 ? DEFAULT_ROWS_PER_FRAGMENT : rowsPerFragment;
        List<Fragment> fragments = new ArrayList<>();
        for (int start = 0; start < rows.size(); start += size) {
            List<Map<Integer, Object>> chunk = rows.subList(start, Math.min(rows.size(), start + size));
            byte[] bytes = StandInDataFile.encode(schema, chunk);
            DataFile file = StandInDataFile.describe(env.newUuid() + ".json", schema, bytes);
            fragments.add(new Fragment(firstId + fragments.size(), file, chunk, new RoaringBitmap(), Optional.empty()));
        }
        return fragments;
    }

    /** Same fragment id, rows and deletions; a new stand-in data file. */
    private static Fragment rewriteData(Fragment fragment, TableSchema schema, List<Map<Integer, Object>> rows,
                                        TableEnvironment env) {
        byte[] bytes = StandInDataFile.encode(schema, rows);
        DataFile file = StandInDataFile.describe(env.newUuid() + ".json", schema, bytes);
        return new Fragment(fragment.id(), file, rows, fragment.deleted(), fragment.deletionFile());
    }

    private record Deleted(List<Fragment> fragments, List<Fragment> updated, RoaringBitmap removed) {
    }

    private static Deleted applyDeletions(TableVersion table, Map<Long, RoaringBitmap> deletions, TableEnvironment env) {
        List<Fragment> fragments = new ArrayList<>();
        List<Fragment> updated = new ArrayList<>();
        RoaringBitmap removed = new RoaringBitmap();
        for (Fragment fragment : table.fragments()) {
            RoaringBitmap hit = deletions.get(fragment.id());
            if (hit == null) {
                fragments.add(fragment);
                continue;
            }
            RoaringBitmap deleted = RoaringBitmap.or(fragment.deleted(), hit);
            if (deleted.getCardinality() == fragment.physicalRows()) {
                removed.add((int) fragment.id());
                continue;
            }
            long id = env.newUuid().getMostSignificantBits() & Long.MAX_VALUE;
            Fragment next = new Fragment(fragment.id(), fragment.dataFile(), fragment.rows(), deleted,
                    Optional.of(DeletionFiles.describe(table.version(), id, deleted)));
            fragments.add(next);
            updated.add(next);
        }
        return new Deleted(fragments, updated, removed);
    }

    private static IndexFileContent remapContent(IndexFileContent content, RoaringBitmap covered, Set<Long> compacted,
                                                 Map<Long, Long> addressMap) {
        if (content == null) {
            return null;
        }
        List<IndexFileContent.Entry> entries = new ArrayList<>();
        for (IndexFileContent.Entry entry : content.entries()) {
            long fragment = RowAddress.fragmentId(entry.rowAddress());
            if (!compacted.contains(fragment)) {
                entries.add(entry);
            } else if (covered.contains((int) fragment) && addressMap.containsKey(entry.rowAddress())) {
                entries.add(new IndexFileContent.Entry(entry.value(), addressMap.get(entry.rowAddress())));
            } // else: a deleted row, or a fragment the segment no longer covered: dropped
        }
        return new IndexFileContent(content.kind(), entries);
    }

    /** The uuids of the segments covering a fragment: compaction runs never mix two of these. */
    private static List<UUID> coveringSegments(TableVersion table, long fragmentId) {
        return table.indexes().stream()
                .filter(s -> IndexMaintenance.covered(s).map(b -> b.contains((int) fragmentId)).orElse(false))
                .map(TableVersion::uuidOf).sorted().toList();
    }

    private static void addRun(List<List<Fragment>> runs, List<Fragment> run) {
        boolean worthIt = run.size() > 1 || (run.size() == 1 && !run.get(0).deleted().isEmpty());
        if (worthIt) {
            runs.add(run);
        }
    }

    private static void requireScalar(TableSchema schema, Field column, String what) {
        if (!schema.typeOf(column).isScalar()) {
            throw TableException.invalid(what + " '" + column.getName() + "' must be a scalar column");
        }
    }

    private static void checkUniqueKeys(List<Map<Integer, Object>> rows, Field key) {
        Set<Object> seen = new HashSet<>();
        for (Map<Integer, Object> row : rows) {
            Object value = row.get(key.getId());
            if (value != null && value != NULL_KEY && !seen.add(value)) {
                throw TableException.invalid("key '" + key.getName() + "' = " + value + " appears twice in the rows");
            }
        }
    }

    private static Object safeConvert(ColumnType to, Object value, ColumnType from, String column) {
        try {
            return to.convert(value, from, column);
        } catch (TableException e) {
            return null;
        }
    }

    private static Map<Integer, Object> without(Map<Integer, Object> row, int fieldId) {
        Map<Integer, Object> copy = new LinkedHashMap<>(row);
        copy.remove(fieldId);
        return copy;
    }

    private static OptionalLong maxId(OptionalLong before, List<Fragment> added) {
        return added.isEmpty() ? before : OptionalLong.of(added.get(added.size() - 1).id());
    }

    private static List<DataFragment> protos(List<Fragment> fragments) {
        return fragments.stream().map(TableManifest::dataFragment).toList();
    }

    private static List<Long> ids(RoaringBitmap bitmap) {
        List<Long> ids = new ArrayList<>();
        bitmap.forEach((int id) -> ids.add(Integer.toUnsignedLong(id)));
        return ids;
    }

    private static RoaringBitmap bitmap(List<Long> ids) {
        RoaringBitmap bitmap = new RoaringBitmap();
        ids.forEach(id -> bitmap.add(id.intValue()));
        return bitmap;
    }

    private static dev.tableindex.proto.lance.table.UUID uuid(UUID uuid) {
        return dev.tableindex.proto.lance.table.UUID.newBuilder()
                .setUuid(ByteString.copyFrom(IndexSegment.uuidToBytes(uuid))).build();
    }

    /** Index segments changed: files and IndexV2 ids of names that are gone go too. */
    private static Builder withIndexes(Builder builder, List<IndexMetadata> indexes, TableVersion table) {
        Set<UUID> kept = new HashSet<>(indexes.stream().map(TableVersion::uuidOf).toList());
        Set<String> names = new HashSet<>(indexes.stream().map(IndexMetadata::getName).toList());
        Map<UUID, IndexFileContent> files = new LinkedHashMap<>(table.indexFiles());
        files.keySet().retainAll(kept);
        Map<String, UUID> ids = new LinkedHashMap<>(table.indexIds());
        ids.keySet().retainAll(names);
        return builder.indexes(indexes).indexFiles(files).indexIds(ids);
    }

    private static Builder next(TableVersion table) {
        return new Builder(table);
    }

    /** The next version: everything carried over unless replaced. */
    private static final class Builder {
        private final TableVersion from;
        private TableSchema schema;
        private List<Fragment> fragments;
        private OptionalLong maxFragmentId;
        private List<IndexMetadata> indexes;
        private Map<UUID, IndexFileContent> indexFiles;
        private Map<String, UUID> indexIds;

        Builder(TableVersion from) {
            this.from = from;
            schema = from.schema();
            fragments = from.fragments();
            maxFragmentId = from.maxFragmentId();
            indexes = from.indexes();
            indexFiles = from.indexFiles();
            indexIds = from.indexIds();
        }

        Builder schema(TableSchema value) {
            schema = value;
            return this;
        }

        Builder fragments(List<Fragment> value) {
            fragments = value;
            return this;
        }

        Builder maxFragmentId(OptionalLong value) {
            maxFragmentId = value;
            return this;
        }

        Builder indexes(List<IndexMetadata> value) {
            indexes = value;
            return this;
        }

        Builder indexFiles(Map<UUID, IndexFileContent> value) {
            indexFiles = value;
            return this;
        }

        Builder indexIds(Map<String, UUID> value) {
            indexIds = value;
            return this;
        }

        TableVersion build() {
            return new TableVersion(from.version() + 1, schema, fragments, maxFragmentId, indexes, indexFiles, indexIds,
                    from.legacyIndexMetadataDropped(), from.mixedDataFileVersions());
        }
    }
}
