/** A round user photo; falls back to the first letter of the name. */
export function UserAvatar({ name, photo, size = "w-10" }: { name: string; photo: string; size?: string }) {
  if (!photo) {
    return (
      <div className="avatar avatar-placeholder" title={name}>
        <div className={`${size} rounded-full bg-secondary text-secondary-content`}>
          <span aria-label={name} role="img">
            {name.trim().charAt(0).toUpperCase() || "?"}
          </span>
        </div>
      </div>
    );
  }
  return (
    <div className="avatar" title={name}>
      <div className={`${size} rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100`}>
        <img src={photo} alt={name} referrerPolicy="no-referrer" />
      </div>
    </div>
  );
}
