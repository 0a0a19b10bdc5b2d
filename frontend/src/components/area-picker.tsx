// The listing form's place (#36): division › district › area as three
// native selects, which a phone shows as its own wheel or list (the
// easiest picker on a 360 px screen, and a type-ahead on a desktop).
import { byName, findDistrict, findDivision, placeName, type Division } from "@/api/locations";
import { FormField, fieldDescribedBy } from "@/components/form-field";
import { useLanguage } from "@/lib/i18n";

/** The chosen place's ids; "" for not chosen. */
export type AreaChoice = { division: string; district: string; area: string };

export const NO_AREA: AreaChoice = { division: "", district: "", area: "" };

type AreaPickerProps = {
  /** Every place; undefined while they load. */
  divisions: Division[] | undefined;
  value: AreaChoice;
  onChange: (next: AreaChoice) => void;
  /** Shown under the area select. */
  error?: string;
  /** Ids of the three selects are `${idPrefix}-division` and so on. */
  idPrefix: string;
};

/**
 * AreaPicker picks division › district › area. A district can be picked
 * first (all 64 by name): its division follows. The area waits for its
 * district. Names are in the language shown.
 */
export function AreaPicker({ divisions, value, onChange, error, idPrefix }: AreaPickerProps) {
  const { t, lang } = useLanguage();
  const loading = divisions === undefined;
  const division = findDivision(divisions, value.division);
  const districts = byName(division ? division.districts : (divisions ?? []).flatMap((d) => d.districts), lang);
  const district = findDistrict(divisions, value.district)?.district;
  const areas = byName(district?.areas ?? [], lang);
  const id = (k: keyof AreaChoice) => `${idPrefix}-${k}`;
  // a chosen place shown while the places load (Edit): its select holds its value
  const pending = (v: string) => (loading && v ? <option value={v}>{t("Loading...")}</option> : null);

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField id={id("division")} label={t("Division")}>
        <select
          id={id("division")}
          name="division"
          className="select w-full"
          value={value.division}
          disabled={loading}
          onChange={(e) => onChange({ division: e.target.value, district: "", area: "" })}
        >
          <option value="">{loading ? t("Loading...") : t("Choose a division")}</option>
          {pending(value.division)}
          {byName(divisions ?? [], lang).map((d) => (
            <option key={d._id} value={d._id}>
              {placeName(d, lang)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={id("district")} label={t("District")}>
        <select
          id={id("district")}
          name="district"
          className="select w-full"
          value={value.district}
          disabled={loading}
          onChange={(e) => {
            const v = e.target.value;
            onChange({ division: v ? (findDistrict(divisions, v)?.division._id ?? value.division) : value.division, district: v, area: "" });
          }}
        >
          <option value="">{t("Choose a district")}</option>
          {pending(value.district)}
          {districts.map((d) => (
            <option key={d._id} value={d._id}>
              {placeName(d, lang)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={id("area")} label={t("Area (upazila or thana)")} error={error}>
        <select
          id={id("area")}
          name="areaId"
          className={`select w-full ${error ? "select-error" : ""}`}
          value={value.area}
          disabled={loading || !value.district}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy(id("area"), error)}
          onChange={(e) => onChange({ ...value, area: e.target.value })}
        >
          <option value="">{value.district ? t("Choose the area") : t("Choose a district first")}</option>
          {pending(value.area)}
          {areas.map((a) => (
            <option key={a._id} value={a._id}>
              {placeName(a, lang)}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}
