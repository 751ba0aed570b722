package dev.tableindex.golden.api;

import dev.tableindex.golden.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
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
import org.lance.file.LanceFileReader;
import org.lance.index.Index;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.scalar.BTreeIndexParams;

/**
 * Real Lance index files (not manifests): {@code btree-binary} writes a table whose {@code key binary} column holds
 * list element index key tuples (label string, confidence float) encoded by hand as ARROW_ROW_V1, builds a BTree on
 * it, and copies the index directory's {@code page_data.lance} and {@code page_lookup.lance} to
 * {@code <out>/lance-<version>/btree-binary/} with {@code provenance.json} and {@code expected.json} (what Lance's
 * own {@code org.lance.file.LanceFileReader} reads from the copied files: schema, metadata, rows).
 * {@code btree-binary-many} does the same for {@value #MANY_ROWS} rows of few distinct keys (nulls among them) in
 * zones of {@value #MANY_ZONE_SIZE}, so that Lance's v2.1 writer compresses the pages (dictionary, run lengths,
 * bitpacking) as it does for an index of realistic size. {@code btree-binary-fragments} is the table of
 * {@code btree-binary} written in fragments of {@value #FRAGMENT_ROWS} rows (fragment 0: rows 0-3, fragment 1: rows
 * 4-6), so the BTree's ids are row addresses with a fragment id in their high 32 bits.
 *
 * <p>Args: --case btree-binary|btree-binary-many|btree-binary-fragments --datasets DIR --out DIR --lance-version V
 * --generator-cmd STRING.
 */
public final class IndexFilesMain {
  /** Rows (id, key): key tuples as the spec's Key Encoding makes them, worked by hand (see README.md). */
  static final String[][] ROWS = {
      {"(\"car\", 0.5)", "02636172000000000003" + "01bf000000"},
      {"null (the column value)", null},
      {"(\"bus\", 0.25)", "02627573000000000003" + "01be800000"},
      {"(null, null)", "00" + "0000000000"},
      {"(\"car\", 0.5)", "02636172000000000003" + "01bf000000"},
      {"(\"\", 1.0)", "01" + "01bf800000"},
      {"(\"person\", 0.75)", "02706572736f6e000006" + "01bf400000"},
  };
  static final long ZONE_SIZE = 3;
  static final int MANY_ROWS = 3000;
  static final long MANY_ZONE_SIZE = 512;
  /** Rows per data file of btree-binary-fragments. */
  static final int FRAGMENT_ROWS = 4;
  /** The rule that makes btree-binary-many's keys (provenance.json says it too). */
  static final String MANY_RULE = "row i: key null when i % 97 == 0, else the 3 bytes 02 6b (i * 7 % 40)";

  /** btree-binary-many's key of row {@code i}, as hex (null for a null key). */
  static String manyKey(int i) {
    return i % 97 == 0 ? null : HexFormat.of().formatHex(new byte[] {2, 'k', (byte) (i * 7 % 40)});
  }

  public static void main(String[] argv) throws Exception {
    Map<String, String> a = new LinkedHashMap<>();
    for (int i = 0; i + 1 < argv.length; i += 2) {
      a.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
    }
    String caseName = a.get("case");
    if (!List.of("btree-binary", "btree-binary-many", "btree-binary-fragments").contains(caseName)) {
      System.out.println("SKIP " + caseName + ": the index-files cases are btree-binary, btree-binary-many and"
          + " btree-binary-fragments");
      System.exit(2);
    }
    boolean many = "btree-binary-many".equals(caseName);
    int maxRowsPerFile = many ? MANY_ROWS : "btree-binary-fragments".equals(caseName) ? FRAGMENT_ROWS : 100;
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < (many ? MANY_ROWS : ROWS.length); i++) {
      keys.add(many ? manyKey(i) : ROWS[i][1]);
    }
    long zoneSize = many ? MANY_ZONE_SIZE : ZONE_SIZE;
    String version = a.get("lance-version");
    Path dataset = Path.of(a.get("datasets")).resolve("index-files-" + caseName);
    Path out = Path.of(a.get("out")).resolve("lance-" + version).resolve(caseName);
    List<String> steps = new ArrayList<>();
    try (BufferAllocator alloc = new RootAllocator()) {
      Schema schema = new Schema(List.of(
          new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
          new Field("key", FieldType.nullable(new ArrowType.Binary()), null)));
      Path indexDir;
      try (ArrowReader rows = rows(schema, keys, alloc);
          Dataset ds = Dataset.write().allocator(alloc).reader(rows).uri(dataset.toString())
              .mode(WriteParams.WriteMode.CREATE).maxRowsPerFile(maxRowsPerFile).execute()) {
        steps.add("Dataset.write().reader(" + keys.size() + " rows: id 0.." + (keys.size() - 1)
            + ", key binary = " + (many ? MANY_RULE : "the rows of provenance.table")
            + ").mode(CREATE).maxRowsPerFile(" + maxRowsPerFile + ").execute() -> v" + ds.version() + ", fragments "
            + ds.getFragments().stream().map(f -> f.getId() + " (" + f.metadata().getPhysicalRows() + " rows)").toList());
        IndexParams params = IndexParams.builder()
            .setScalarIndexParams(BTreeIndexParams.builder().zoneSize(zoneSize).build()).build();
        Index index = ds.createIndex(List.of("key"), IndexType.BTREE, Optional.of("key_idx"), params, true);
        steps.add("createIndex([key], BTREE, Optional.of(\"key_idx\"), BTreeIndexParams.builder().zoneSize("
            + zoneSize + "), replace=true) -> uuid " + index.uuid() + ", v" + ds.version());
        indexDir = dataset.resolve("_indices").resolve(index.uuid().toString());
      }
      Files.createDirectories(out);
      Map<String, Object> files = new TreeMap<>();
      Map<String, Object> expected = new LinkedHashMap<>();
      List<String> onDisk;
      try (Stream<Path> s = Files.list(indexDir)) {
        onDisk = s.map(p -> p.getFileName().toString()).sorted().toList();
      }
      for (String name : onDisk) {
        byte[] bytes = Files.readAllBytes(indexDir.resolve(name));
        Files.write(out.resolve(name), bytes);
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("bytes", bytes.length);
        f.put("sha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
        files.put(name, f);
        expected.put(name, observe(out.resolve(name), alloc));
      }
      List<Object> table = new ArrayList<>();
      for (int i = 0; !many && i < ROWS.length; i++) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", i);
        // the row's address (fragment << 32 | offset) in fragments of maxRowsPerFile rows
        row.put("row_address", ((long) (i / maxRowsPerFile) << 32) | (i % maxRowsPerFile));
        row.put("tuple", ROWS[i][0]);
        row.put("key", ROWS[i][1]);
        table.add(row);
      }
      Map<String, Object> prov = new LinkedHashMap<>();
      prov.put("writer", "org.lance:lance-core");
      prov.put("writer_version", version);
      prov.put("generator", a.get("generator-cmd"));
      prov.put("generated_at", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
      prov.put("java", System.getProperty("java.version"));
      prov.put("os_arch", System.getProperty("os.name") + "/" + System.getProperty("os.arch"));
      prov.put("steps", steps);
      if (many) {
        prov.put("table_rule", MANY_RULE);
      } else {
        prov.put("key_types", List.of("string", "float"));
        prov.put("table", table);
      }
      prov.put("index_dir_files", onDisk);
      prov.put("files", files);
      prov.put("oracle", "expected.json comes from Lance's own org.lance.file.LanceFileReader (lance-core " + version
          + ") opening each copied file: schema() (Arrow field name, type, nullable; custom metadata), numRows(),"
          + " readAll(null, null, 1024) rows (binary as hex, unsigned integers as numbers)");
      Files.writeString(out.resolve("provenance.json"), Json.write(prov));
      Files.writeString(out.resolve("expected.json"), Json.write(expected));
      System.out.println("WROTE " + out + " " + onDisk);
    }
  }

  static ArrowReader rows(Schema schema, List<String> keys, BufferAllocator alloc) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, alloc);
        ArrowStreamWriter w = new ArrowStreamWriter(root, null, bytes)) {
      root.allocateNew();
      BigIntVector id = (BigIntVector) root.getVector("id");
      VarBinaryVector key = (VarBinaryVector) root.getVector("key");
      for (int i = 0; i < keys.size(); i++) {
        id.setSafe(i, i);
        if (keys.get(i) == null) {
          key.setNull(i);
        } else {
          key.setSafe(i, HexFormat.of().parseHex(keys.get(i)));
        }
      }
      root.setRowCount(keys.size());
      w.start();
      w.writeBatch();
      w.end();
    }
    return new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), alloc);
  }

  /** What Lance's file reader says about one file. */
  static Map<String, Object> observe(Path file, BufferAllocator alloc) throws Exception {
    Map<String, Object> view = new LinkedHashMap<>();
    try (LanceFileReader reader = LanceFileReader.open(file.toString(), alloc)) {
      List<Object> fields = new ArrayList<>();
      for (Field f : reader.schema().getFields()) {
        Map<String, Object> field = new LinkedHashMap<>();
        field.put("name", f.getName());
        field.put("arrow_type", f.getType().toString());
        field.put("nullable", f.isNullable());
        fields.add(field);
      }
      view.put("fields", fields);
      view.put("schema_metadata", new TreeMap<>(reader.schema().getCustomMetadata()));
      view.put("num_rows", reader.numRows());
      List<Object> rows = new ArrayList<>();
      try (ArrowReader batches = reader.readAll(null, null, 1024)) {
        while (batches.loadNextBatch()) {
          VectorSchemaRoot root = batches.getVectorSchemaRoot();
          for (int r = 0; r < root.getRowCount(); r++) {
            List<Object> row = new ArrayList<>();
            for (FieldVector v : root.getFieldVectors()) {
              row.add(value(v, r));
            }
            rows.add(row);
          }
        }
      }
      view.put("rows", rows);
    }
    return view;
  }

  static Object value(FieldVector v, int r) {
    if (v.isNull(r)) {
      return null;
    }
    if (v instanceof VarBinaryVector b) {
      return HexFormat.of().formatHex(b.get(r));
    }
    if (v instanceof UInt8Vector u) {
      return u.get(r);
    }
    if (v instanceof UInt4Vector u) {
      return Integer.toUnsignedLong(u.get(r));
    }
    return String.valueOf(v.getObject(r));
  }
}
