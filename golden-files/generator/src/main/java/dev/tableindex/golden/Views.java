package dev.tableindex.golden;

import java.util.List;

/** What the Lance Java API (the oracle) reports for one dataset version. Filled by the per-release adapter. */
public final class Views {
  private Views() {}

  /** One fragment as {@code ds.getFragments()} reports it. */
  public record FragmentView(long id, long physicalRows, long numDeletedRows, boolean hasDeletionFile) {}

  /**
   * One index entry as {@code ds.getIndexes()} reports it. {@code fragmentIds} is null when the API returned
   * Optional.empty(); {@code typeUrl} is null when indexDetails is absent; {@code createdAtMs} is null when absent.
   */
  public record IndexView(String name, String uuid, List<Integer> fields, long datasetVersion,
      List<Integer> fragmentIds, String typeUrl, Integer indexVersion, Long createdAtMs) {}

  /**
   * One version. {@code stableRowIds} and {@code tableConfig} (the API reports a non-empty table config) feed the
   * feature-flag rule.
   */
  public record VersionView(long version, List<FragmentView> fragments, List<IndexView> indices,
      boolean stableRowIds, boolean tableConfig) {}
}
