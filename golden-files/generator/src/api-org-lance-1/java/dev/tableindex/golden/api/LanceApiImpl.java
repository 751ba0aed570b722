package dev.tableindex.golden.api;

import dev.tableindex.golden.LanceApi;
import dev.tableindex.golden.Views;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.WriteParams;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;

/**
 * WRITER-ONLY adapter for org.lance:lance-core 1.0.x and com.lancedb:lance-core 0.x (no
 * {@code Dataset.getIndexes()}). For 0.x the pom (profile com-lancedb) compiles a copy whose {@code org.lance}
 * imports are rewritten to {@code com.lancedb.lance}, so every Lance type must stay an import. It writes the
 * datasets; the oracle is a second JVM running the org.lance 7.0.0 adapter (generate.sh --phase observe).
 */
public final class LanceApiImpl implements LanceApi {
  private final BufferAllocator alloc = new RootAllocator();

  @Override
  public List<String> cases() {
    return List.of("no-index", "btree", "append-after-index", "delete-all-rows");
  }

  @Override
  public void close() {
    alloc.close();
  }

  static Schema schema() {
    return new Schema(List.of(new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
        new Field("name", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
  }

  /** Rows r in [start, start+n): id = r, name = "row-r". */
  ArrowReader rows(long start, int n) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema(), alloc);
        ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarCharVector name = (VarCharVector) root.getVector("name");
      for (int i = 0; i < n; i++) {
        id.setSafe(i, start + i);
        name.setSafe(i, ("row-" + (start + i)).getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(n);
      w.start();
      w.writeBatch();
      w.end();
    }
    return new ArrowStreamReader(new ByteArrayInputStream(out.toByteArray()), alloc);
  }

  Dataset write(Path p, long start, int n, WriteParams.WriteMode mode, List<String> steps) throws Exception {
    WriteParams wp = new WriteParams.Builder().withMode(mode).withMaxRowsPerFile(100).build();
    try (ArrowReader r = rows(start, n); ArrowArrayStream s = ArrowArrayStream.allocateNew(alloc)) {
      Data.exportArrayStream(alloc, r, s);
      Dataset ds = Dataset.create(alloc, s, p.toString(), wp);
      steps.add(String.format("Dataset.create(allocator, stream(%d rows: id %d..%d, name 'row-N'), uri, "
          + "new WriteParams.Builder().withMode(%s).withMaxRowsPerFile(100).build()) -> v%d", n, start,
          start + n - 1, mode, ds.version()));
      return ds;
    }
  }

  /**
   * BTree params across API generations: 0.26.x has only {@code new IndexParams.Builder().build()} (no scalar
   * params); later releases have {@code IndexParams.builder().setScalarIndexParams(ScalarIndexParams.create("btree"))}.
   */
  static IndexParams btree(List<String> how) throws Exception {
    String pkg = IndexParams.class.getPackageName();
    try {
      Class<?> sp = Class.forName(pkg + ".scalar.ScalarIndexParams");
      Object scalar = sp.getMethod("create", String.class).invoke(null, "btree");
      Object b = IndexParams.class.getMethod("builder").invoke(null);
      b.getClass().getMethod("setScalarIndexParams", sp).invoke(b, scalar);
      how.add("IndexParams.builder().setScalarIndexParams(ScalarIndexParams.create(\"btree\")).build()");
      return (IndexParams) b.getClass().getMethod("build").invoke(b);
    } catch (ClassNotFoundException e) {
      how.add("new IndexParams.Builder().build()");
      // public constructor in 0.26.x; reflective so the file also compiles where it is private
      Object b = IndexParams.Builder.class.getDeclaredConstructor().newInstance();
      return (IndexParams) b.getClass().getMethod("build").invoke(b);
    }
  }

  void btreeIndex(Dataset ds, List<String> steps) throws Exception {
    List<String> how = new java.util.ArrayList<>();
    IndexParams p = btree(how);
    ds.createIndex(List.of("id"), IndexType.BTREE, Optional.of("id_idx"), p, true);
    steps.add("createIndex([id], BTREE, Optional.of(\"id_idx\"), " + how.get(0) + ", replace=true) -> v"
        + ds.version());
  }

  @Override
  public void run(String c, Path p, List<String> steps, List<String> notes) throws Exception {
    WriteParams.WriteMode create = WriteParams.WriteMode.CREATE;
    switch (c) {
      case "no-index" -> write(p, 0, 200, create, steps).close();
      case "btree" -> {
        try (Dataset ds = write(p, 0, 200, create, steps)) {
          btreeIndex(ds, steps);
        }
      }
      case "append-after-index" -> {
        try (Dataset ds = write(p, 0, 200, create, steps)) {
          btreeIndex(ds, steps);
        }
        write(p, 200, 100, WriteParams.WriteMode.APPEND, steps).close();
      }
      case "delete-all-rows" -> {
        try (Dataset ds = write(p, 0, 200, create, steps)) {
          btreeIndex(ds, steps);
          ds.delete("id >= 0");
          steps.add("delete(\"id >= 0\") -> v" + ds.version());
        }
      }
      default -> throw new IllegalArgumentException("unknown case " + c);
    }
  }

  @Override
  public long latestVersion(Path p) throws Exception {
    try (Dataset ds = Dataset.open(p.toString(), alloc)) {
      return ds.latestVersion();
    }
  }

  @Override
  public Views.VersionView observe(Path p, long version) {
    throw new UnsupportedOperationException("this release has no Dataset.getIndexes(); use the 7.0.0 oracle");
  }
}
