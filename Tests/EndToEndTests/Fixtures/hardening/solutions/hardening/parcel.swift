func wrapped(_ parcel: Parcel) -> Parcel {
    Parcel(grams: parcel.grams + 20)
}
