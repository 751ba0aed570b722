package dev.tableindex.golden.api;

import com.google.protobuf.Any;
import dev.tableindex.golden.LanceApi;
import dev.tableindex.golden.Views;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.Fragment;
import org.lance.FragmentMetadata;
import org.lance.WriteParams;
import org.lance.compaction.CompactionOptions;
import org.lance.fragment.FragmentUpdateResult;
import org.lance.index.Index;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.OptimizeOptions;
import org.lance.index.scalar.BTreeIndexParams;
import org.lance.index.scalar.LabelListIndexParams;
import org.lance.index.scalar.ScalarIndexParams;
import org.lance.merge.MergeInsertParams;
import org.lance.merge.MergeInsertResult;
import org.lance.operation.CreateIndex;
import org.lance.operation.Update;

/**
 * org.lance:lance-core adapter shared by the 2.0.x and 4.x–7.x API generations. The few calls whose signatures
 * differ between them go through {@link ReleaseCalls}, which each generation's own source set provides.
 */
public final class LanceApiImpl implements LanceApi {
  private final BufferAllocator alloc = new RootAllocator();

  @Override
  public List<String> cases() {
    return List.of("no-index", "btree", "bitmap", "label-list", "index-on-empty-table", "two-segments",
        "append-after-index", "column-rewrite-update", "merge-insert-stale-fragments", "delete-all-rows",
        "optimize-compaction", "v1-naming");
  }

  @Override
  public void close() {
    alloc.close();
  }

  // ------------------------------------------------------------------ data

  static Schema schema(boolean tags) {
    List<Field> f = new ArrayList<>();
    f.add(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null));
    f.add(new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null));
    if (tags) {
      f.add(new Field("tags", FieldType.nullable(ArrowType.List.INSTANCE),
          List.of(new Field("item", FieldType.nullable(ArrowType.Utf8.INSTANCE), null))));
    }
    return new Schema(f);
  }

  static final String[] TAGS = {"cat", "dog", "car", "tree", "person"};

  /** Rows r in [start, start+n): id = r + idOffset, name = "row-r", tags = (r % 3) labels. One batch. */
  ArrowReader rows(long start, int n, long idOffset, boolean tags) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(tags), alloc);
        ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector name = (VarCharVector) root.getVector("name");
      ListVector tv = tags ? (ListVector) root.getVector("tags") : null;
      int child = 0;
      for (int i = 0; i < n; i++) {
        long r = start + i;
        id.setSafe(i, r + idOffset);
        name.setSafe(i, ("row-" + r).getBytes(StandardCharsets.UTF_8));
        if (tv != null) {
          VarCharVector items = (VarCharVector) tv.getDataVector();
          int k = (int) (r % 3);
          tv.startNewValue(i);
          for (int j = 0; j < k; j++) {
            items.setSafe(child++, TAGS[(int) ((r + j) % TAGS.length)].getBytes(StandardCharsets.UTF_8));
          }
          tv.endValue(i, k);
        }
      }
      if (tv != null) {
        tv.getDataVector().setValueCount(child);
      }
      root.setRowCount(n);
      w.start();
      if (n > 0) {
        w.writeBatch();
      }
      w.end();
    }
    return new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), alloc);
  }

  Dataset write(Path p, long start, int n, long idOffset, WriteParams.WriteMode mode, int maxRows,
      boolean tags, List<String> steps) throws Exception {
    try (ArrowReader r = rows(start, n, idOffset, tags)) {
      Dataset ds = Dataset.write().allocator(alloc).reader(r).uri(p.toString()).mode(mode)
          .maxRowsPerFile(maxRows).execute();
      steps.add(String.format("Dataset.write().reader(%d rows: id %d..%d, name 'row-N'%s).mode(%s)"
          + ".maxRowsPerFile(%d).execute() -> v%d", n, start + idOffset, start + idOffset + n - 1,
          tags ? ", tags list<utf8>" : "", mode, maxRows, ds.version()));
      return ds;
    }
  }

  static IndexParams btree() {
    return IndexParams.builder().setScalarIndexParams(BTreeIndexParams.builder().build()).build();
  }

  static byte[] details(String typeUrl) {
    return Any.newBuilder().setTypeUrl(typeUrl).build().toByteArray();
  }

  void index(Dataset ds, String col, IndexType t, IndexParams p, String name, List<String> steps) {
    Index ix = ds.createIndex(List.of(col), t, Optional.of(name), p, true);
    steps.add(String.format("createIndex([%s], %s, Optional.of(\"%s\"), %s, replace=true) -> uuid %s, v%d", col,
        t, name, t == IndexType.LABEL_LIST ? "LabelListIndexParams" : t == IndexType.BTREE ? "BTreeIndexParams"
            : "ScalarIndexParams(" + t.name().toLowerCase() + ")", ix.uuid(), ds.version()));
  }

  // ------------------------------------------------------------------ cases

  @Override
  public void run(String c, Path p, List<String> steps, List<String> notes) throws Exception {
    WriteParams.WriteMode create = WriteParams.WriteMode.CREATE;
    WriteParams.WriteMode append = WriteParams.WriteMode.APPEND;
    switch (c) {
      case "no-index" -> write(p, 0, 200, 0, create, 100, false, steps).close();
      case "btree" -> {
        try (Dataset ds = write(p, 0, 200, 0, create, 100, false, steps)) {
          index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
        }
      }
      case "bitmap" -> {
        try (Dataset ds = write(p, 0, 200, 0, create, 100, false, steps)) {
          index(ds, "name", IndexType.BITMAP,
              IndexParams.builder().setScalarIndexParams(ScalarIndexParams.create("bitmap")).build(),
              "name_idx", steps);
        }
      }
      case "label-list" -> {
        try (Dataset ds = write(p, 0, 200, 0, create, 100, true, steps)) {
          index(ds, "tags", IndexType.LABEL_LIST,
              IndexParams.builder().setScalarIndexParams(LabelListIndexParams.builder().build()).build(),
              "tags_idx", steps);
        }
      }
      case "index-on-empty-table" -> {
        try (Dataset ds = Dataset.create(alloc, p.toString(), schema(false), new WriteParams.Builder().build())) {
          steps.add("Dataset.create(allocator, uri, schema(id int64 not null, name utf8), "
              + "new WriteParams.Builder().build()) -> v" + ds.version() + " (0 fragments)");
          index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
        }
      }
      case "two-segments" -> twoSegments(p, steps, notes);
      case "append-after-index" -> {
        try (Dataset ds = write(p, 0, 200, 0, create, 100, false, steps)) {
          index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
        }
        write(p, 200, 100, 0, append, 100, false, steps).close();
      }
      case "column-rewrite-update" -> columnRewrite(p, steps);
      case "merge-insert-stale-fragments" -> {
        try (Dataset ds = write(p, 0, 200, 0, create, 100, false, steps)) {
          index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
          try (ArrowReader r = rows(0, 200, 100_000, false);
              ArrowArrayStream s = ArrowArrayStream.allocateNew(alloc)) {
            Data.exportArrayStream(alloc, r, s);
            MergeInsertParams mp = new MergeInsertParams(List.of("name")).withMatchedUpdateAll()
                .withNotMatched(MergeInsertParams.WhenNotMatched.DoNothing);
            MergeInsertResult res = ds.mergeInsert(mp, s);
            try (Dataset nd = res.dataset()) {
              steps.add("mergeInsert(new MergeInsertParams([\"name\"]).withMatchedUpdateAll()"
                  + ".withNotMatched(DoNothing), 200 rows with id = N + 100000 for name 'row-N') -> stats "
                  + res.stats() + ", v" + nd.version());
            }
          }
        }
      }
      case "delete-all-rows" -> {
        try (Dataset ds = write(p, 0, 200, 0, create, 100, false, steps)) {
          index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
          ds.delete("id >= 0");
          steps.add("delete(\"id >= 0\") -> v" + ds.version());
        }
      }
      case "optimize-compaction" -> {
        try (Dataset ds = write(p, 0, 300, 0, create, 100, false, steps)) {
          index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
          ds.delete("id < 10");
          steps.add("delete(\"id < 10\") -> v" + ds.version() + " (deletion file on fragment 0)");
          ds.compact(CompactionOptions.builder().withMaterializeDeletionsThreshold(0f).build());
          steps.add("compact(CompactionOptions.builder().withMaterializeDeletionsThreshold(0f).build()) -> v"
              + ds.version());
        }
        try (Dataset ds = write(p, 300, 100, 0, append, 100, false, steps)) {
          ds.optimizeIndices(OptimizeOptions.builder().indexNames(List.of("id_idx")).build());
          steps.add("optimizeIndices(OptimizeOptions.builder().indexNames([\"id_idx\"]).build()) -> v"
              + ds.version());
        }
      }
      case "v1-naming" -> {
        WriteParams wp = new WriteParams.Builder().withMode(create).withMaxRowsPerFile(100)
            .withEnableV2ManifestPaths(false).build();
        try (ArrowReader r = rows(0, 200, 0, false);
            ArrowArrayStream s = ArrowArrayStream.allocateNew(alloc)) {
          Data.exportArrayStream(alloc, r, s);
          try (Dataset ds = Dataset.create(alloc, s, p.toString(), wp)) {
            steps.add("Dataset.create(allocator, stream(200 rows: id 0..199, name 'row-N'), uri, new WriteParams"
                + ".Builder().withMode(CREATE).withMaxRowsPerFile(100).withEnableV2ManifestPaths(false).build())"
                + " -> v" + ds.version());
            index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
          }
        }
      }
      default -> throw new IllegalArgumentException("unknown case " + c);
    }
  }

  void twoSegments(Path p, List<String> steps, List<String> notes) throws Exception {
    try (Dataset ds = write(p, 0, 200, 0, WriteParams.WriteMode.CREATE, 100, false, steps)) {
      List<Index> segs = new ArrayList<>();
      for (int frag = 0; frag < 2; frag++) {
        String u = UUID.randomUUID().toString();
        ds.createIndex(IndexOptions.builder(List.of("id"), IndexType.BTREE, btree()).withIndexName("id_idx")
            .withFragmentIds(List.of(frag)).withIndexUUID(u).build());
        steps.add("createIndex(IndexOptions.builder([id], BTREE, BTreeIndexParams).withIndexName(\"id_idx\")"
            + ".withFragmentIds([" + frag + "]).withIndexUUID(\"" + u + "\").build())  (uncommitted build)");
        ds.mergeIndexMetadata(u, IndexType.BTREE, Optional.empty());
        steps.add("mergeIndexMetadata(\"" + u + "\", BTREE, Optional.empty())");
        segs.add(Index.builder().uuid(UUID.fromString(u)).name("id_idx").fields(List.of(0))
            .datasetVersion(ds.version()).fragments(List.of(frag))
            .indexDetails(details("/lance.table.BTreeIndexDetails")).indexVersion(0)
            .createdAt(java.time.Instant.now()).indexType(IndexType.BTREE).build());
      }
      // one CreateIndex transaction where the release lacks commitExistingIndexSegments (2.0.x) or it failed
      if (!ReleaseCalls.commitExistingIndexSegments(ds, segs, steps, notes)) {
        ReleaseCalls.commit(ds, CreateIndex.builder().withNewIndices(segs).build(),
            "CreateIndex.builder().withNewIndices([segment {0}, segment {1}])", steps);
      }
    }
  }

  void columnRewrite(Path p, List<String> steps) throws Exception {
    try (Dataset ds = write(p, 0, 200, 0, WriteParams.WriteMode.CREATE, 100, false, steps)) {
      index(ds, "id", IndexType.BTREE, btree(), "id_idx", steps);
      index(ds, "name", IndexType.BTREE, btree(), "name_idx", steps);
      Fragment f0 = ds.getFragments().stream().filter(f -> f.getId() == 0).findFirst().orElseThrow();
      FragmentUpdateResult res;
      Schema sch = new Schema(List.of(schema(false).findField("name"), schema(false).findField("id")));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (VectorSchemaRoot root = VectorSchemaRoot.create(sch, alloc);
          ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
        root.allocateNew();
        VarCharVector nv = (VarCharVector) root.getVector("name");
        BigIntVector iv = (BigIntVector) root.getVector("id");
        for (int i = 0; i < 100; i++) {
          nv.setSafe(i, ("row-" + i).getBytes(StandardCharsets.UTF_8));
          iv.setSafe(i, i + 1);
        }
        root.setRowCount(100);
        w.start();
        w.writeBatch();
        w.end();
      }
      try (ArrowReader r = new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), alloc);
          ArrowArrayStream s = ArrowArrayStream.allocateNew(alloc)) {
        Data.exportArrayStream(alloc, r, s);
        res = f0.updateColumns(s, "name", "name");
      }
      steps.add("Fragment(0).updateColumns(stream(name 'row-N', id N+1 for N in 0..99), \"name\", \"name\") -> "
          + "fieldsModified=" + java.util.Arrays.toString(res.getFieldsModified()));
      Update op = Update.builder().updatedFragments(List.of(res.getUpdatedFragment()))
          .fieldsModified(res.getFieldsModified()).updateMode(Optional.of(Update.UpdateMode.RewriteColumns))
          .build();
      ReleaseCalls.commit(ds, op, "Update.builder().updatedFragments([fragment 0]).fieldsModified("
          + java.util.Arrays.toString(res.getFieldsModified()) + ").updateMode(Optional.of(RewriteColumns)).build()",
          steps);
    }
  }

  // ------------------------------------------------------------------ oracle

  /**
   * {@code Dataset.hasStableRowIds()} where the release has it (7.0.0 does, 4.0.0 does not); otherwise false, which
   * is what the generator asked for (it never enables stable row ids). The protoc cross-check verifies flag 2.
   */
  static boolean stableRowIds(Dataset ds) {
    try {
      return (Boolean) Dataset.class.getMethod("hasStableRowIds").invoke(ds);
    } catch (NoSuchMethodException e) {
      return false;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public long latestVersion(Path p) throws Exception {
    try (Dataset ds = Dataset.open(p.toString(), alloc)) {
      return ds.latestVersion();
    }
  }

  @Override
  public Views.VersionView observe(Path p, long version) throws Exception {
    try (Dataset ds = ReleaseCalls.openVersion(alloc, p.toString(), version)) {
      List<Views.FragmentView> frs = new ArrayList<>();
      for (Fragment f : ds.getFragments()) {
        FragmentMetadata m = f.metadata();
        frs.add(new Views.FragmentView(m.getId(), m.getPhysicalRows(), m.getNumDeletions(),
            m.getDeletionFile() != null));
      }
      List<Views.IndexView> ixs = new ArrayList<>();
      for (Index i : ds.getIndexes()) {
        String typeUrl = null;
        if (i.indexDetails().isPresent()) {
          typeUrl = Any.parseFrom(i.indexDetails().get()).getTypeUrl();
        }
        List<Integer> frags = i.fragments().map(l -> l.stream().sorted().toList()).orElse(null);
        ixs.add(new Views.IndexView(i.name(), i.uuid().toString(), i.fields(), i.datasetVersion(), frags, typeUrl,
            i.indexVersion(), i.createdAt().map(java.time.Instant::toEpochMilli).orElse(null)));
      }
      return new Views.VersionView(ds.version(), frs, ixs, stableRowIds(ds), !ds.getConfig().isEmpty());
    }
  }
}
