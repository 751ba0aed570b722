package dev.tableindex.model.iceberg.data;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.definition.ValueExpressionJson;
import dev.tableindex.model.iceberg.table.SourceRow;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/**
 * Expression field values against the test vectors of the Iceberg table spec (Appendix B, "32-bit Hash
 * Requirements", and "Truncate Transform Details"), worked by hand: the values ICE-0509 expects an engine
 * to store, and the types the expressions produce.
 */
class IndexFieldValuesTest {
    private static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()));
    private final IndexFieldValues values = new IndexFieldValues(SCHEMA);

    private static ValueExpression expr(String json) throws Exception {
        return ValueExpressionJson.read(new ObjectMapper().readTree(json), "$");
    }

    private static SourceRow row(long id, String city) {
        Record record = GenericRecord.create(SCHEMA);
        record.setField("id", id);
        record.setField("city", city);
        return new SourceRow("file:/t/data/a.parquet", 0, record);
    }

    @Test
    void bucketOfTheLong34IsItsHash2017239379ModuloTheBucketCount() throws Exception {
        ValueExpression bucket = expr("{\"type\": \"apply\", \"function\": \"bucket\","
                + " \"arguments\": [8, {\"type\": \"reference\", \"id\": 1}]}");
        // 2017239379 = 8 * 252154922 + 3
        assertThat(values.evaluate(bucket, row(34, "x"))).isEqualTo(3);
        assertThat(values.typeOf(bucket)).isEqualTo(Types.IntegerType.get());
    }

    @Test
    void truncateOfAStringKeepsItsFirstCodePoints() throws Exception {
        ValueExpression truncate = expr("{\"type\": \"apply\", \"function\": \"truncate\","
                + " \"arguments\": [3, {\"type\": \"reference\", \"id\": 2}]}");
        assertThat(values.evaluate(truncate, row(1, "iceberg"))).isEqualTo("ice");
        assertThat(values.evaluate(truncate, row(1, null))).isNull();
        assertThat(values.typeOf(truncate)).isEqualTo(Types.StringType.get());
    }
}
