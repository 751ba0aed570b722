package dev.tableindex.model.lancefile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.proto.lance.file.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** Whatever the writer writes, the reader reads back: same schema, metadata, rows and values, over several pages. */
class LanceFileRoundTripProperties {
    /** A column shape: type and nullability; values come with the row count. */
    record Shape(LanceType type, boolean nullable) {
    }

    @Provide
    Arbitrary<List<Shape>> shapes() {
        return Combinators.combine(Arbitraries.of(LanceType.class).filter(LanceFileWriter::writes), Arbitraries.of(true, false)).as(Shape::new)
                .list().ofMinSize(1).ofMaxSize(5);
    }

    static Arbitrary<Object> value(Shape shape) {
        Arbitrary<Object> value = shape.type().variableWidth()
                ? Arbitraries.bytes().array(byte[].class).ofMaxSize(12).map(b -> (Object) b)
                : Arbitraries.longs().edgeCases(c -> c.add(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE))
                        .map(shape.type()::fromRaw).map(v -> (Object) v);
        return shape.nullable() ? value.injectNull(0.25) : value;
    }

    @Provide
    Arbitrary<List<LanceColumn>> files() {
        return shapes().flatMap(shapes -> Arbitraries.integers().between(0, 40).flatMap(rows -> {
            List<Arbitrary<LanceColumn>> columns = new ArrayList<>();
            for (int i = 0; i < shapes.size(); i++) {
                Shape shape = shapes.get(i);
                String name = "c" + i;
                columns.add(value(shape).list().ofSize(rows)
                        .map(values -> new LanceColumn(name, shape.type(), shape.nullable(), values)));
            }
            return Combinators.combine(columns).as(List::copyOf);
        }));
    }

    @Property(tries = 300)
    void whatTheWriterWritesTheReaderReadsBack(@ForAll("files") List<LanceColumn> columns,
                                               @ForAll @IntRange(min = 1, max = 9) int rowsPerPage) {
        Map<String, String> metadata = Map.of("batch_size", "7", "other", "é");
        byte[] file = LanceFileWriter.write(columns, metadata, rowsPerPage);

        LanceColumns read = LanceFileReader.read(file, "written.lance");

        int rows = columns.get(0).rows();
        assertThat(read.rows()).isEqualTo(rows);
        assertThat(read.summary().version()).isEqualTo("2.0");
        assertThat(read.summary().major()).isZero();
        assertThat(read.summary().minor()).isEqualTo(3);
        assertThat(read.summary().columns()).isEqualTo(columns.size());
        assertThat(read.summary().metadataString("batch_size")).hasValue("7");
        assertThat(read.summary().metadataString("other")).hasValue("é");
        for (int c = 0; c < columns.size(); c++) {
            LanceColumn written = columns.get(c);
            Field field = read.summary().fields().get(c);
            assertThat(field.getName()).isEqualTo(written.name());
            assertThat(field.getLogicalType()).isEqualTo(written.type().logicalType());
            assertThat(field.getNullable()).isEqualTo(written.nullable());
            assertThat(field.getParentId()).isEqualTo(-1);
            LanceColumn back = read.columns().get(c);
            assertThat(back.type()).isEqualTo(written.type());
            assertThat(back.values()).usingRecursiveFieldByFieldElementComparator().hasSize(rows);
            for (int row = 0; row < rows; row++) {
                assertThat(back.values().get(row)).as("column %s row %d", written.name(), row)
                        .isEqualTo(written.values().get(row));
            }
        }
    }

    @Property(tries = 50)
    void theBytesDependOnlyOnTheInput(@ForAll("files") List<LanceColumn> columns) {
        Map<String, String> metadata = Map.of("b", "2", "a", "1", "c", "3");
        assertThat(LanceFileWriter.write(columns, metadata, 3))
                .isEqualTo(LanceFileWriter.write(List.copyOf(columns), Map.copyOf(metadata), 3));
    }
}
