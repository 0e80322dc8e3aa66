// BlockArt
