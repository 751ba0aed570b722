package dev.tableindex.golden;

import java.nio.file.Path;
import java.util.List;

/**
 * The part of the generator that touches Lance: {@code dev.tableindex.golden.api.LanceApiImpl}. The pom profile of
 * the selected Java-API generation adds the source sets that hold it (see README.md, Layout).
 */
public interface LanceApi extends AutoCloseable {
  /** Cases this API generation can produce. */
  List<String> cases();

  /**
   * Writes the dataset of {@code caseName} at {@code dataset} (must not exist). Appends one human-readable line per
   * API call to {@code steps}, and anything surprising to {@code notes}.
   */
  void run(String caseName, Path dataset, List<String> steps, List<String> notes) throws Exception;

  /** Latest version, from the API. */
  long latestVersion(Path dataset) throws Exception;

  /** Opens {@code version} (checkout through ReadOptions) and reports what the API says. */
  Views.VersionView observe(Path dataset, long version) throws Exception;
}
