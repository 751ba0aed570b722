package dev.tableindex.golden;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Runs ONE case in this JVM (generate.sh forks one JVM per case) and writes
 * {@code <out>/lance-<version>/<case>/{_versions/*, provenance.json, expected.json}}.
 *
 * <p>Args: --case C --datasets DIR --out DIR --lance-version V --writer group:artifact --descriptor-set FILE
 * --generator-cmd STRING. Exit code 0 = written (cross-check disagreements are reported, not fatal), 2 = case not
 * supported by this API generation, 1 = failure.
 */
public final class Main {
  public static void main(String[] argv) throws Exception {
    Map<String, String> a = new LinkedHashMap<>();
    for (int i = 0; i + 1 < argv.length; i += 2) {
      a.put(argv[i].replaceFirst("^--", ""), argv[i + 1]);
    }
    String caseName = req(a, "case");
    Path datasets = Path.of(req(a, "datasets"));
    Path outRoot = Path.of(req(a, "out"));
    String lanceVersion = req(a, "lance-version");
    String writer = req(a, "writer");
    String generatorCmd = req(a, "generator-cmd");
    // phase: all = write + observe in this JVM; write = only run the case (writer-only releases);
    // observe = only the oracle + outputs, with the org.lance 7.0.0 adapter on the class path
    String phase = a.getOrDefault("phase", "all");
    String oracle = a.getOrDefault("oracle", writer + ":" + lanceVersion);

    try (LanceApi api = (LanceApi) Class.forName("dev.tableindex.golden.api.LanceApiImpl")
        .getConstructor().newInstance()) {
      Path ds = datasets.resolve(caseName);
      Path stepsFile = datasets.resolve(caseName + ".steps.txt");
      Path notesFile = datasets.resolve(caseName + ".notes.txt");
      List<String> steps = new ArrayList<>();
      List<String> notes = new ArrayList<>();
      if (phase.equals("observe")) {
        steps.addAll(Files.readAllLines(stepsFile));
        notes.addAll(Files.readAllLines(notesFile));
      } else {
        if (!api.cases().contains(caseName)) {
          System.out.println("SKIP " + caseName + ": not implemented for this API generation");
          System.exit(2);
        }
        api.run(caseName, ds, steps, notes);
        if (phase.equals("write")) {
          Files.write(stepsFile, steps);
          Files.write(notesFile, notes);
          System.out.println("WROTE " + caseName + " (writer phase)");
          return;
        }
      }
      ManifestCheck check = new ManifestCheck(Path.of(req(a, "descriptor-set")));
      long latest = api.latestVersion(ds);

      // ---- file system facts
      Path vdir = ds.resolve("_versions");
      Map<Long, String> manifestByVersion = new TreeMap<>();
      List<String> versionFiles = new ArrayList<>();
      boolean anyV2 = false;
      boolean anyV1 = false;
      try (Stream<Path> s = Files.list(vdir)) {
        for (Path p : s.sorted().toList()) {
          String n = p.getFileName().toString();
          if (n.endsWith(".manifest")) {
            String num = n.substring(0, n.indexOf('.'));
            if (n.length() == 29) {
              anyV2 = true;
              manifestByVersion.put(-1L - Long.parseUnsignedLong(num), n); // u64::MAX - n
            } else {
              anyV1 = true;
              manifestByVersion.put(Long.parseLong(num), n);
            }
            versionFiles.add(n);
          } else if (n.equals("latest_version_hint.json")) {
            versionFiles.add(n);
          } else {
            notes.add("_versions/" + n + " not copied (neither *.manifest nor latest_version_hint.json)");
          }
        }
      }
      String naming = anyV2 && anyV1 ? "MIXED" : anyV2 ? "V2" : "V1";
      Map<String, Map<String, Long>> indexFilesByUuid = new TreeMap<>();
      Map<String, Long> indexFilesFlat = new TreeMap<>();
      Path idir = ds.resolve("_indices");
      if (Files.isDirectory(idir)) {
        try (Stream<Path> w = Files.walk(idir)) {
          for (Path p : w.filter(Files::isRegularFile).toList()) {
            Path rel = idir.relativize(p);
            String uuid = rel.getName(0).toString();
            String inner = rel.subpath(1, rel.getNameCount()).toString();
            long size = Files.size(p);
            indexFilesByUuid.computeIfAbsent(uuid, k -> new TreeMap<>()).put(inner, size);
            indexFilesFlat.put(rel.toString(), size);
          }
        }
      }

      // ---- oracle (Lance Java API) + cross-check (protoc descriptors)
      List<String> disagreements = new ArrayList<>();
      Map<String, Object> versions = new LinkedHashMap<>();
      for (long v = 1; v <= latest; v++) {
        Views.VersionView vv = api.observe(ds, v);
        // Lance's apply_feature_flags: 1 = deletion files, 2 = stable row ids (reader and writer);
        // 8 = table config present (writer only)
        long flags = (vv.fragments().stream().anyMatch(Views.FragmentView::hasDeletionFile) ? 1 : 0)
            | (vv.stableRowIds() ? 2 : 0);
        long wflags = flags | (vv.tableConfig() ? 8 : 0);
        String mf = manifestByVersion.get(v);
        ManifestCheck.Decoded dec = null;
        if (mf == null) {
          disagreements.add("v" + v + ": API opens this version but there is no manifest file for it");
        } else {
          dec = check.decode(Files.readAllBytes(vdir.resolve(mf)));
        }
        Map<String, Object> ver = new LinkedHashMap<>();
        ver.put("version", vv.version());
        ver.put("reader_feature_flags", flags);
        ver.put("writer_feature_flags", wflags);
        List<Object> frs = new ArrayList<>();
        for (Views.FragmentView f : vv.fragments()) {
          Map<String, Object> fm = new LinkedHashMap<>();
          fm.put("id", f.id());
          fm.put("physical_rows", f.physicalRows());
          fm.put("num_deleted_rows", f.numDeletedRows());
          frs.add(fm);
        }
        ver.put("fragments", frs);
        List<Object> ixs = new ArrayList<>();
        for (int i = 0; i < vv.indices().size(); i++) {
          Views.IndexView x = vv.indices().get(i);
          Map<String, Object> decIx = dec != null && i < dec.indices().size() ? dec.indices().get(i) : null;
          Map<String, Long> disk = indexFilesByUuid.getOrDefault(x.uuid(), Map.of());
          Map<String, Long> files = new TreeMap<>(disk);
          if (disk.isEmpty()) {
            notes.add("v" + v + " index " + x.name() + " " + x.uuid() + ": no directory _indices/" + x.uuid()
                + " on disk; files = []");
          }
          if (decIx != null) {
            @SuppressWarnings("unchecked")
            Map<String, Long> listed = (Map<String, Long>) decIx.get("files");
            if (listed.isEmpty()) {
              // The view shows what the manifest records, and releases before IndexMetadata.files
              // (Lance PR #5497) record none: sizes unknown. The files on disk stay in index_files.
              files.clear();
              notes.add("v" + v + " index " + x.name() + " " + x.uuid()
                  + ": this release records no IndexMetadata.files (sizes unknown), so files = []; the files on"
                  + " disk are listed in index_files");
            } else {
              for (String extra : disk.keySet()) {
                if (!listed.containsKey(extra)) {
                  files.remove(extra);
                  String n = "_indices/" + x.uuid() + "/" + extra + " (" + disk.get(extra)
                      + " B) is on disk but not in the manifest's IndexMetadata.files; left out of expected.json";
                  if (!notes.contains(n)) {
                    notes.add(n);
                  }
                }
              }
              for (Map.Entry<String, Long> e : listed.entrySet()) {
                if (!disk.containsKey(e.getKey())) {
                  disagreements.add("v" + v + " index " + x.uuid() + ": manifest lists file " + e.getKey()
                      + " that is not on disk");
                } else if (!disk.get(e.getKey()).equals(e.getValue())) {
                  disagreements.add("v" + v + " index " + x.uuid() + ": file " + e.getKey() + " size manifest="
                      + e.getValue() + " disk=" + disk.get(e.getKey()));
                }
              }
            }
          }
          Map<String, Object> im = new LinkedHashMap<>();
          im.put("name", x.name());
          im.put("uuid", x.uuid());
          im.put("fields", x.fields());
          im.put("dataset_version", x.datasetVersion());
          im.put("fragment_ids", x.fragmentIds());
          im.put("type_url", x.typeUrl());
          im.put("index_version", x.indexVersion());
          im.put("created_at", x.createdAtMs());
          List<Object> fl = new ArrayList<>();
          for (Map.Entry<String, Long> e : files.entrySet()) {
            Map<String, Object> fe = new LinkedHashMap<>();
            fe.put("path", e.getKey());
            fe.put("size_bytes", e.getValue());
            fl.add(fe);
          }
          im.put("files", fl);
          im.put("covering_fields", List.of());
          ixs.add(im);
        }
        ver.put("indices", ixs);
        versions.put(Long.toString(v), ver);
        if (dec != null) {
          compare(v, vv, flags, wflags, dec, disagreements);
        }
      }
      if (manifestByVersion.size() != latest || !manifestByVersion.containsKey(latest)) {
        disagreements.add("manifest files for versions " + manifestByVersion.keySet() + " but API latest = "
            + latest);
      }

      // ---- write the case folder
      Path out = outRoot.resolve("lance-" + lanceVersion).resolve(caseName);
      rmrf(out);
      Files.createDirectories(out.resolve("_versions"));
      Map<String, Object> fileHashes = new LinkedHashMap<>();
      for (String n : versionFiles) {
        byte[] bytes = Files.readAllBytes(vdir.resolve(n));
        Files.write(out.resolve("_versions").resolve(n), bytes);
        fileHashes.put("_versions/" + n, sha256(bytes));
      }
      Map<String, Object> exp = new LinkedHashMap<>();
      exp.put("case", caseName);
      exp.put("writer", writer + ":" + lanceVersion);
      exp.put("naming", naming);
      exp.put("latest_version", latest);
      exp.put("versions", versions);
      Files.writeString(out.resolve("expected.json"), Json.write(exp));

      Map<String, Object> prov = new LinkedHashMap<>();
      prov.put("writer", writer);
      prov.put("writer_version", lanceVersion);
      prov.put("generator", generatorCmd);
      prov.put("generated_at", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
      prov.put("java", System.getProperty("java.version"));
      prov.put("os_arch", System.getProperty("os.name") + "/" + System.getProperty("os.arch"));
      prov.put("steps", steps);
      String who = oracle.equals(writer + ":" + lanceVersion) ? "Lance's own Java API (" + oracle + ")"
          : "the Java API of " + oracle + " (a separate JVM) reading the dataset that " + writer + ":" + lanceVersion
              + " wrote, because that release's Java API has no Dataset.getIndexes()";
      prov.put("oracle", "expected.json comes from " + who + ": each version opened with ReadOptions.setVersion "
          + "and read through version(), getFragments() "
          + "(id, physicalRows, numDeletions) and getIndexes() (indexDetails parsed as google.protobuf.Any for "
          + "type_url, createdAt truncated to ms), plus the file system for index file names and sizes under "
          + "_indices/<uuid>/; feature flags are computed with Lance's apply_feature_flags rule (1 = a fragment "
          + "has a deletion file, 2 = stable row ids, writer-only 8 = getConfig() non-empty); no manifest parser is involved (protoc decoding is only "
          + "the cross-check).");
      prov.put("files", fileHashes);
      prov.put("index_files", new LinkedHashMap<>(indexFilesFlat));
      prov.put("notes", notes);
      Map<String, Object> cc = new LinkedHashMap<>();
      cc.put("method", "every manifest split per Lance's read_manifest (footer -> Manifest, index_section -> "
          + "IndexSection) and decoded with descriptors protoc compiled from /work/main/proto; compared field by "
          + "field with the oracle");
      cc.put("disagreements", disagreements);
      prov.put("crosscheck", cc);
      Files.writeString(out.resolve("provenance.json"), Json.write(prov));

      System.out.println("STEPS " + caseName + ":");
      steps.forEach(s -> System.out.println("  " + s));
      notes.forEach(s -> System.out.println("NOTE " + caseName + ": " + s));
      disagreements.forEach(s -> System.out.println("DISAGREE " + caseName + ": " + s));
      System.out.println("DONE " + caseName + " latest_version=" + latest + " naming=" + naming
          + " disagreements=" + disagreements.size());
    }
  }

  static void compare(long v, Views.VersionView vv, long flags, long wflags, ManifestCheck.Decoded d,
      List<String> out) {
    String p = "v" + v + ": ";
    if (d.version() != vv.version() || vv.version() != v) {
      out.add(p + "version api=" + vv.version() + " protoc=" + d.version());
    }
    if (d.readerFlags() != flags || d.writerFlags() != wflags) {
      out.add(p + "feature flags computed reader=" + flags + " writer=" + wflags + ", protoc reader="
          + d.readerFlags() + " writer=" + d.writerFlags());
    }
    if (d.fragments().size() != vv.fragments().size()) {
      out.add(p + "fragment count api=" + vv.fragments().size() + " protoc=" + d.fragments().size());
    } else {
      for (int i = 0; i < d.fragments().size(); i++) {
        long[] f = d.fragments().get(i);
        Views.FragmentView a = vv.fragments().get(i);
        if (f[0] != a.id() || f[1] != a.physicalRows() || f[2] != a.numDeletedRows()
            || (f[3] == 1) != a.hasDeletionFile()) {
          out.add(p + "fragment[" + i + "] api=" + a + " protoc=[id=" + f[0] + ", physical_rows=" + f[1]
              + ", num_deleted_rows=" + f[2] + ", deletion_file=" + (f[3] == 1) + "]");
        }
      }
    }
    if (d.indices().size() != vv.indices().size()) {
      out.add(p + "index count api=" + vv.indices().size() + " protoc=" + d.indices().size());
      return;
    }
    for (int i = 0; i < d.indices().size(); i++) {
      Map<String, Object> x = d.indices().get(i);
      Views.IndexView a = vv.indices().get(i);
      String q = p + "index[" + i + "] " + a.name() + ": ";
      cmp(out, q + "uuid", a.uuid(), x.get("uuid"));
      cmp(out, q + "name", a.name(), x.get("name"));
      cmp(out, q + "fields", a.fields(), x.get("fields"));
      cmp(out, q + "dataset_version", a.datasetVersion(), x.get("dataset_version"));
      cmp(out, q + "fragment_ids", a.fragmentIds(), x.get("fragment_ids"));
      cmp(out, q + "type_url", a.typeUrl(), x.get("type_url"));
      Object iv = x.get("index_version") == null ? 0 : x.get("index_version");
      cmp(out, q + "index_version", a.indexVersion(), iv);
      cmp(out, q + "created_at", a.createdAtMs(), x.get("created_at"));
      cmp(out, q + "covering_fields", List.of(), x.get("covering_fields"));
      if (Boolean.TRUE.equals(x.get("base_id_present"))) {
        out.add(q + "base_id present in manifest");
      }
    }
  }

  static void cmp(List<String> out, String what, Object api, Object protoc) {
    if (!Objects.equals(norm(api), norm(protoc))) {
      out.add(what + " api=" + api + " protoc=" + protoc);
    }
  }

  static Object norm(Object o) {
    if (o instanceof Number n) {
      return n.longValue();
    }
    if (o instanceof List<?> l) {
      return l.stream().map(Main::norm).toList();
    }
    return o;
  }

  static String req(Map<String, String> a, String k) {
    String v = a.get(k);
    if (v == null) {
      throw new IllegalArgumentException("missing --" + k);
    }
    return v;
  }

  static String sha256(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }

  static void rmrf(Path p) throws Exception {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> w = Files.walk(p)) {
      for (Path x : w.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    }
  }
}
