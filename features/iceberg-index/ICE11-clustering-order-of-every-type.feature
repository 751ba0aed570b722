Feature: ICE11 The clustering order over every primitive type the expressions spec orders

  "Primitive values are compared using the rules defined in the expressions specification, extended so that
  null and NaN values have a defined position in the ordering", field by field "in cluster-spec order". The keys
  of each case of golden-files/iceberg-index/clustering/vectors.json (worked by hand, with why) go into a real
  Iceberg table in another order: column k1 (and k2, k3) of the vector's types, given field ids in reverse
  (k1 has the highest), so that field-id order is not cluster-spec order. The engine builds an index clustered by
  the vector's columns, asked for one row per range file. However many keys the engine puts into one range file
  (its choice), the range files, in the tracking file's order, must hold consecutive runs of the vector's keys,
  each run's last key being the entry's group_max_value. Float cases use Avro files: parquet-java and ORC drop
  the sign of a NaN; the timestamp case avoids ORC, which reads a timestamp between -1 and 0 seconds from the
  epoch a second late (ORC-645); decision 0082.

  @id:ICE-1100 @spec:iceberg-index-spec-draft.md#clustering-and-ordering @level:must @requires:iceberg_index.build
  Scenario Outline: The tracking file lists the keys of clustering vector "<case>" in the draft's order
    Given a shared Iceberg source table with <table> data files holding the keys of clustering vector "<case>"
    And an index of type "SCALAR" clustered by "<columns>"
    When the engine builds the index snapshot of the current table snapshot with <range> range files of 1 rows
    Then the index data has no violation
    And the range files hold the keys of clustering vector "<case>" in its order

    Examples:
      | case                 | columns    | table   | range   |
      | double               | k1         | avro    | avro    |
      | float                | k1         | avro    | avro    |
      | int                  | k1         | parquet | parquet |
      | long                 | k1         | orc     | orc     |
      | decimal              | k1         | parquet | avro    |
      | string               | k1         | avro    | parquet |
      | string-supplementary | k1         | parquet | orc     |
      | binary               | k1         | parquet | parquet |
      | fixed                | k1         | avro    | avro    |
      | uuid                 | k1         | parquet | avro    |
      | boolean              | k1         | orc     | parquet |
      | date                 | k1         | avro    | orc     |
      | time                 | k1         | parquet | avro    |
      | timestamp            | k1         | avro    | parquet |
      | timestamptz          | k1         | parquet | orc     |
      | two-fields           | k1, k2     | avro    | avro    |
      | three-fields         | k1, k2, k3 | parquet | parquet |
