// AccountClient: work in progress; replaced as the module lands.
enum AccountClientModule {}
